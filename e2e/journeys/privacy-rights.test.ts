import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getUserPaymentOrder, getUserProject, previewGetApply } from '@portal/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { DESKTOP, launchBrowser, PHONE, screenshot } from '../support/browser.js';
import { apiOf } from '../support/portal-api.js';
import { signInAtProvider } from '../support/sign-in.js';

/** Issue 28 pts 3 and 5: a reviewer's read shows in the candidate's 谁查看了我的信息; their copy downloads. */
const baseUrl = inject('baseUrl');
const REVIEWER = { loginName: 'reviewer', password: 'Review@123456', name: '陈老师（项目审核）' };

/** The text of one file in a ZIP. */
async function fileInZip(zipped: Buffer, name: string): Promise<string> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(zipped, { lazyEntries: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  return new Promise<string>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      if (entry.fileName !== name) return zip.readEntry();
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
    });
    zip.on('end', () => reject(new Error(`${name} is not in the ZIP`)));
    zip.readEntry();
  });
}

const eventsCard = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: '谁查看了我的信息' }) });

describe('谁查看了我的信息 and 下载我的个人信息 (issue 28)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the reviewer's preview of the candidate's application shows in their list; their copy holds their applications and orders", async () => {
    const phone = await browser.newContext({ ...PHONE, viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto(`${baseUrl}/views/my`);
    await signInAtProvider(page);
    await page.waitForURL('**/views/my');
    const api = await apiOf(page);
    const [application] = (await api.call(getUserProject, { PageIndex: 1, PageSize: 10 })).Items;
    const orders = (await api.call(getUserPaymentOrder, { PageIndex: 1, PageSize: 10 })).Items;
    expect(application).toBeDefined();

    // The reviewer signs in to the preview and reads the candidate's application.
    const desk = await browser.newContext(DESKTOP);
    const reviewer = await desk.newPage();
    const previewPath = `/views/flowPreview?ProjectId=${application!.ProjectId}`;
    await reviewer.goto(
      `${baseUrl}/views/flowPreview/login?redirect=${encodeURIComponent(previewPath)}`,
    );
    await reviewer.getByLabel('审核员账号').fill(REVIEWER.loginName);
    await reviewer.getByLabel('密码').fill(REVIEWER.password);
    await reviewer.getByRole('button', { name: '登录并预览' }).click();
    await reviewer.waitForURL(`**${previewPath}`);
    const read = await reviewer.evaluate(
      async ({ path, query }) => {
        const response = await fetch(`/services/exam-flow${path}?${new URLSearchParams(query)}`);
        return { status: response.status, body: (await response.json()) as { Data: unknown } };
      },
      {
        path: previewGetApply.path,
        query: {
          LoginName: REVIEWER.loginName,
          ProjectId: String(application!.ProjectId),
          ApplyId: String(application!.ApplyId),
        },
      },
    );
    expect(read.status).toBe(200);
    await desk.close();

    await page.goto(`${baseUrl}/views/my/myAccount`);
    const card = eventsCard(page);
    await card
      .getByRole('listitem')
      .filter({
        hasText: `审核老师 ${REVIEWER.name} 查看了报名信息（${application!.ProjectTitle}）`,
      })
      .first()
      .waitFor();
    await expect(card.getByRole('listitem').first().textContent()).resolves.toMatch(
      /（北京时间） · 来自 [\d.:*a-f]+$/,
    );

    await page.getByRole('heading', { name: '下载我的个人信息' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'issue28-download-my-data-phone');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载个人信息副本' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^个人信息副本-\d{8}\.zip$/);
    const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-copy-')), 'copy.zip');
    await file.saveAs(saved);
    const copy = JSON.parse(await fileInZip(fs.readFileSync(saved), 'personal-data.json')) as {
      Applications: { ApplyId: number }[];
      Orders: { OrderNo: string }[];
    };
    fs.rmSync(path.dirname(saved), { recursive: true, force: true });
    expect(copy.Applications.map((a) => a.ApplyId)).toContain(application!.ApplyId);
    expect(copy.Orders.length).toBeGreaterThanOrEqual(orders.length);
    expect(copy.Orders.length).toBeGreaterThan(0);

    // The download is itself in the list, first.
    await expect
      .poll(() => card.getByRole('listitem').first().textContent())
      .toContain('您本人 下载了全部个人信息（副本）');
    await page.getByText('已开始下载个人信息副本').waitFor({ state: 'hidden' });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'issue28-who-read-my-data-phone');
    await phone.close();

    const pc = await browser.newContext(DESKTOP);
    const desktop = await pc.newPage();
    await desktop.goto(`${baseUrl}/views/my`);
    await signInAtProvider(desktop);
    await desktop.waitForURL('**/views/my**');
    await desktop.goto(`${baseUrl}/views/my/myAccount?tab=privacy`);
    await desktop.getByRole('cell', { name: '您本人' }).first().waitFor();
    await screenshot(desktop, 'issue28-my-data-desktop');
    await pc.close();
  });
});
