import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPHONE_UA } from '../support/browser.js';
import {
  clickText,
  openEngine,
  pageErrors,
  recordPageErrors,
  waitForText,
  waitForUrl,
  waitInPage,
  type EngineName,
  type EnginePage,
} from '../support/engines.js';
import {
  apiOfSession,
  applicationsOf,
  drawPassportPhoto,
  sessionInPage,
  SESSION_KEYS,
  approveInBackOffice,
} from '../support/portal-api.js';
import { startFreshServer, type RunningServer } from '../support/server.js';
import { DEMO_MOBILE, DEMO_NAME, DEMO_PASSWORD, GOOD_ID_NUMBER } from '../support/sign-in.js';

/**
 * Issue 27, item 4: the phone journey — list → project → sign in → apply → pay in the sandbox →
 * ticket → an exam answer saved — in the two engines Chromium is not: WebKit (every browser on an
 * iPhone, WeChat on iOS included) and Gecko (Firefox). Each engine gets a server of its own on a
 * fresh embedded database, so the demo candidate applies to the same online-exam project in both.
 */
const PROJECT = '2026年全国计算机应用能力在线测评（初级）';
const PHONE_SIZE = { userAgent: IPHONE_UA, width: 390, height: 844 };

describe.each(['webkit', 'firefox'] as EngineName[])('the phone journey in %s', (engine) => {
  let server: RunningServer;
  let page: EnginePage;
  let photoFile: string;

  beforeAll(async () => {
    server = await startFreshServer(engine);
    page = await openEngine(engine, PHONE_SIZE);
    photoFile = path.join(server.dataDir, 'photo.jpg');
  });
  afterAll(async () => {
    await page?.close();
    await server?.stop();
  });

  /**
   * After a full navigation: the app has started (not the start-up error page) and hydrated what
   * the server drew — React has attached its props to the nodes, so a tap is heard — and the
   * page's errors are recorded from here on.
   */
  async function started(): Promise<void> {
    await waitInPage(page, 'the app to start and hydrate', () => {
      const first = document.querySelector('#root *');
      return Boolean(first && Object.keys(first).some((key) => key.startsWith('__reactProps')));
    });
    expect(await page.evaluate(() => document.body.innerText.includes('页面加载失败'))).toBe(false);
    await recordPageErrors(page);
  }

  it(
    'finds the project, signs in, applies, pays, opens the ticket and saves an exam answer',
    { timeout: 240_000 },
    async () => {
      try {
        await journey(server.baseUrl);
      } catch (error) {
        await page.screenshot(`other-engines-${engine}-failed`).catch(() => undefined);
        throw error;
      }
    },
  );

  async function journey(baseUrl: string): Promise<void> {
    // The list, searched; the project's card; 立即报名 asks to sign in and comes back.
    await page.goto(`${baseUrl}/views/home/project`);
    await started();
    await page.type('input[type=search]', '计算机应用能力');
    await clickText(page, 'a', new RegExp(PROJECT.replace(/[()（）]/g, '.')));
    const projectUrl = await waitForUrl(page, /\/views\/flowManage\?ProjectId=\d+$/);
    await waitForText(page, PROJECT);
    await recordPageErrors(page);
    await clickText(page, 'button', '立即报名');
    await waitForUrl(page, /\/identity\/interaction\//);
    await page.type('#mobile', DEMO_MOBILE);
    await page.type('#password', DEMO_PASSWORD);
    await page.click('button[type=submit]');
    await waitForUrl(page, new RegExp(`${projectUrl.replace(/[?.]/g, '\\$&')}$`));
    await started();
    const api = apiOfSession(await page.evaluate(sessionInPage, SESSION_KEYS));
    const projectId = Number(new URL(projectUrl).searchParams.get('ProjectId'));

    // A position, then the form: pre-filled name, the ID number, the pickers asked, a photo.
    await clickText(page, 'button', '立即报名');
    await clickText(page, 'button', /^报考 /);
    await waitForUrl(page, /\/views\/apply\?/);
    await waitInPage(
      page,
      'the name pre-filled',
      (name: string) =>
        (document.querySelector<HTMLInputElement>('#field-name')?.value ?? '') === name,
      DEMO_NAME,
    );
    await page.type('#field-idNumber', GOOD_ID_NUMBER);
    if (await page.evaluate(() => Boolean(document.querySelector('#field-hukou')))) {
      await page.click('#field-hukou');
      await clickText(page, 'button, [role=button]', '确定', { last: true });
      await waitInPage(page, 'a region chosen', () =>
        Boolean(document.querySelector('#field-hukou')?.textContent),
      );
      // Its mask too: in Firefox ESR 153 the popup is gone while the mask still fades over the
      // form, and a click meanwhile lands on the mask.
      await waitInPage(page, 'the picker closed', () =>
        [...document.querySelectorAll<HTMLElement>('.adm-popup, .adm-mask')].every(
          (layer) =>
            getComputedStyle(layer).display === 'none' ||
            layer.getBoundingClientRect().height === 0,
        ),
      );
    }
    if (await page.evaluate(() => document.body.innerText.includes('是否有工作经历')))
      await clickText(page, '[role=radiogroup] label, [role=radiogroup] [role=radio]', /^否$/);
    const photo = await page.evaluate(drawPassportPhoto);
    fs.writeFileSync(photoFile, Buffer.from(photo.split(',')[1]!, 'base64'));
    await page.upload('#field-photo', photoFile);
    await waitInPage(page, 'the uploaded photo shown', () => {
      const img = document.querySelector<HTMLImageElement>('img[alt="已上传的证件照"]');
      return Boolean(img && img.naturalWidth > 0);
    });
    await page.click('#field-SensitiveConsent');
    await waitInPage(
      page,
      'the consent box ticked',
      () => document.querySelector<HTMLInputElement>('#field-SensitiveConsent')?.checked,
    );
    await page.screenshot(`other-engines-${engine}-apply`);
    await clickText(page, 'button', '提交报名');
    await waitForUrl(page, new RegExp(`${projectUrl.replace(/[?.]/g, '\\$&')}$`));
    const [application] = await applicationsOf(api, projectId);
    expect(application?.Status).toBe('Submitted');

    // The back office approves; the candidate pays at the sandbox cashier.
    await approveInBackOffice(baseUrl, application!.ApplyId);
    await page.goto(projectUrl);
    await started();
    await clickText(page, 'button', '去缴费');
    await waitForUrl(page, /\/views\/payment\?ApplyId=\d+$/);
    await clickText(page, 'button', /^去支付/);
    await waitForUrl(page, /\/gateways\/payment\/cashier\?/);
    await clickText(page, 'button', '确认支付');
    await waitForUrl(page, /\/views\/payment\?ApplyId=\d+$/);
    await waitForText(page, '支付成功');
    await page.screenshot(`other-engines-${engine}-paid`);
    expect((await applicationsOf(api, projectId))[0]?.Status).toBe('Paid');

    // The ticket with the candidate's name.
    await page.goto(projectUrl);
    await started();
    await clickText(page, 'button', '打印准考证');
    await waitForUrl(page, /\/views\/print\?ApplyId=\d+$/);
    await waitInPage(
      page,
      'the ticket with the name',
      (name: string) => {
        const ticket = document.querySelector('[role=document][aria-label="准考证"]');
        // The server's document is drawn in a shadow root inside the frame.
        const text = [...(ticket?.querySelectorAll('*') ?? [])]
          .map((element) => element.shadowRoot?.textContent ?? '')
          .join('');
        return text.includes(name);
      },
      DEMO_NAME,
    );

    // The online exam: start, answer one question, and the server has kept it.
    await page.goto(projectUrl);
    await started();
    await clickText(page, 'button', '参加考试');
    await waitForUrl(page, /\/views\/onlineExam\?/);
    await clickText(page, 'button', '开始答题');
    await waitInPage(page, 'the clock', () => Boolean(document.querySelector('[role=timer]')));
    await clickText(page, 'fieldset label', /\S/);
    await waitInPage(page, 'the answer saved', () =>
      [...document.querySelectorAll('[role=status]')].some((s) =>
        s.textContent?.includes('已保存'),
      ),
    );

    await page.screenshot(`other-engines-${engine}-exam`);
    expect(await pageErrors(page)).toEqual([]);
  }
});
