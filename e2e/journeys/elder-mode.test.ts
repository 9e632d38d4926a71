import { AxeBuilder } from '@axe-core/playwright';
import { getProjectList, getUserProject } from '@portal/contracts';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot } from '../support/browser.js';
import { anonymousApi, apiOf, unappliedPaidProject } from '../support/portal-api.js';
import { checkScreen, hasNoHorizontalScroll } from '../support/screens.js';
import { signInAtProvider } from '../support/sign-in.js';

/**
 * Issue 29, point 2: 长辈模式. Turned on from home, it is kept on the device across a reload, the
 * server's first drawing included, and on the sign-in page; on the list, a project, the form, the
 * payment and the exam every visible text is at least 18 px with line height 1.5, the screen's main
 * action at least 60 px tall, body text at 7:1 (axe's enhanced contrast), nothing wider than the
 * screen; each screen is axe-clean and saved for a person to look at (phone at 390 and 320 px).
 */
const baseUrl = inject('baseUrl');
/** The seed's application of the demo user in state Paid, on a project with an online exam. */
const EXAM_PROJECT = '2026年企业人力资源管理师（三级）在线考试';

/** Visible text under 18 px or with a line height under 1.5, as the browser lays it out. */
function smallText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      // An unread count beside its link, which says it in words to screen readers, is not body text.
      if (!text || !element || element.closest('.visually-hidden, .ant-badge-count, script, style'))
        continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility !== 'visible') continue;
      const size = parseFloat(style.fontSize);
      const line = style.lineHeight === 'normal' ? size * 1.2 : parseFloat(style.lineHeight);
      if (size < 18 || line < size * 1.5 - 0.5)
        found.push(`${text.slice(0, 16)}: ${size}px / ${line}px`);
    }
    return found;
  });
}

/** Text below 7:1 (WCAG's enhanced contrast, what 适老化 asks of body text). */
async function lowContrast(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast-enhanced']).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
}

interface Device {
  label: string;
  options: BrowserContextOptions;
  /** From a project's page to its form, a position chosen. */
  openForm(page: Page, flowUrl: string): Promise<void>;
}

const DEVICES: Device[] = [
  {
    label: 'phone',
    options: { ...PHONE, viewport: { width: 390, height: 844 } },
    async openForm(page, flowUrl) {
      await page.goto(flowUrl);
      // Drawn by the server: the button answers once the app is live.
      await page.waitForFunction(() => document.title.startsWith('报名流程-'));
      await page.getByRole('button', { name: '立即报名' }).click();
      await page.waitForURL('**/views/home/position?**');
      await page
        .getByRole('button', { name: /^报考 / })
        .first()
        .click();
      await page.waitForURL('**/views/apply?**');
    },
  },
  {
    label: 'desktop',
    options: { ...DESKTOP, viewport: { width: 1280, height: 800 } },
    async openForm(page, flowUrl) {
      await page.goto(flowUrl);
      await page.waitForFunction(() => document.title.startsWith('报名流程-'));
      await page.getByRole('button', { name: '立即报名' }).click();
      await page.waitForURL('**/views/apply?ProjectId=*');
      await page.getByRole('combobox', { name: '报考岗位' }).click();
      await page.locator('.ant-select-item-option').first().click();
    },
  },
];

describe.each(DEVICES)('长辈模式 on the $label', (device) => {
  let browser: Browser;
  let page: Page;
  const shot = (name: string) => `elder-${device.label}-${name}`;

  /** The screen as a person in elder mode needs it, its main action at least 60 px tall. */
  async function checkElderScreen(name: string, mainAction: Locator) {
    await mainAction.first().waitFor();
    await checkScreen(page, shot(name));
    expect(await smallText(page), name).toEqual([]);
    expect(await lowContrast(page), name).toEqual([]);
    const box = await mainAction.first().boundingBox();
    expect(box?.height, name).toBeGreaterThanOrEqual(60);
    expect(await hasNoHorizontalScroll(page), name).toBe(true);
    if (device.label === 'phone') {
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: 320, height: 640 });
      await page.waitForTimeout(150);
      await screenshot(page, `${shot(name)}-320`);
      expect(await hasNoHorizontalScroll(page), `${name} at 320 px`).toBe(true);
      await page.setViewportSize(size);
    }
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext(device.options)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is switched on at home and kept across a reload, from the server’s first drawing on', async () => {
    await page.goto(`${baseUrl}/views/home`);
    const toggle = page.getByRole('switch', { name: '长辈模式' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    // Once the app is live (a drawn page's switch is HTML until then).
    await expect
      .poll(async () => {
        await toggle.click();
        return toggle.getAttribute('aria-checked');
      })
      .toBe('true');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-elder'))).toBe(
      true,
    );
    const cookie = (await page.context().cookies()).find((c) => c.name === 'portal_elder');
    expect(cookie).toMatchObject({ value: '1', httpOnly: false, sameSite: 'Lax' });

    const logged: string[] = [];
    // A hydration mismatch is reported as an error (in the production build, a minified one).
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    page.on('pageerror', (error) => logged.push(error.message));
    await page.reload();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    // The server drew it in elder mode: the app hydrates it as drawn, without a mismatch.
    await page.waitForFunction(() => document.title.startsWith('首页'));
    await page.waitForLoadState('networkidle');
    expect(logged).toEqual([]);
    const served = await (await page.request.get(`${baseUrl}/views/home/project`)).text();
    expect(served).toMatch(/^<!doctype html>\s*<html[^>]* data-elder[ >]/i);
    // Fewer things to a screen: no banners, no shortcuts.
    await page.getByRole('navigation', { name: '项目分类' }).waitFor();
    expect(await page.getByRole('list', { name: '推荐' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: '常用入口' }).count()).toBe(0);
    await checkElderScreen('home', toggle);
  });

  it('list → project → sign in → form → payment → exam, each large and axe-clean', async () => {
    await page.goto(`${baseUrl}/views/home/project`);
    await checkElderScreen('list', page.locator('main a[href*="flowManage"]'));

    const open = (
      await anonymousApi(baseUrl).call(getProjectList, {
        State: 'Applying',
        PageIndex: 1,
        PageSize: 1,
      })
    ).Items[0]!;
    const projectUrl = `${baseUrl}/views/flowManage?ProjectId=${open.ProjectId}`;
    await page.goto(projectUrl);
    await page.waitForFunction(() => document.title.startsWith('报名流程-'));
    const apply = page.getByRole('button', { name: '立即报名' });
    await checkElderScreen('project', apply);

    await apply.click();
    await page.waitForURL('**/identity/interaction/**');
    expect(await page.getByRole('switch', { name: '长辈模式' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await checkElderScreen('sign-in', page.locator('button[type=submit]'));
    await signInAtProvider(page);
    await page.waitForURL(projectUrl);
    const api = await apiOf(page);

    const target = await unappliedPaidProject(api);
    await device.openForm(page, `${baseUrl}/views/flowManage?ProjectId=${target.ProjectId}`);
    await checkElderScreen('form', page.getByRole('button', { name: '提交报名' }));

    const mine = (await api.call(getUserProject, { PageIndex: 1, PageSize: 50 })).Items;
    const approved = mine.find((a) => a.Status === 'Approved')!;
    await page.goto(`${baseUrl}/views/payment?ApplyId=${approved.ApplyId}`);
    await checkElderScreen('payment', page.getByRole('button', { name: /^去支付/ }));

    const exam = mine.find((a) => a.ProjectTitle === EXAM_PROJECT)!;
    await page.goto(
      `${baseUrl}/views/onlineExam?ProjectId=${exam.ProjectId}&ApplyId=${exam.ApplyId}`,
    );
    // Its intro, or (another journey took it first) the paper or its result.
    await checkElderScreen(
      'exam',
      page
        .getByRole('button', { name: /^开始答题$|^交卷/ })
        .or(page.getByRole('link', { name: '返回报名流程' })),
    );
  });

  it('the personal centre has the switch too, and turns it off', async () => {
    await page.goto(`${baseUrl}/views/my`);
    await page.getByRole('navigation', { name: '我的数据' }).waitFor();
    const toggle = page.getByRole('switch', { name: '长辈模式' });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await checkElderScreen('my', toggle);
    await toggle.click();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-elder'))).toBe(
      false,
    );
    expect((await page.context().cookies()).some((c) => c.name === 'portal_elder')).toBe(false);
  });
});
