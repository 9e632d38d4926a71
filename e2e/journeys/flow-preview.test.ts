import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser } from '../support/browser.js';
import { pdfText } from '../support/pdf.js';
import { checkScreen } from '../support/screens.js';
import { startServer, type RunningServer } from '../support/server.js';

/**
 * Issue 8: a reviewer previews a project before it is published. This journey runs its own
 * server (the shared one must not restart) so that it can restart it and find the proof gone.
 */
const PORT = Number(process.env.E2E_PORT ?? 18080) + 5;
const REVIEWER = { loginName: 'reviewer', password: 'Review@123456' };
const PROJECT_TITLE = '2026年全国计算机应用能力在线测评（初级）';
const DESKTOP_1440 = { ...DESKTOP, viewport: { width: 1440, height: 900 } };
const EXPIRED_MESSAGE = '预览登录已失效，请重新登录';

/** LoginName as the request carried it: in the query, and for a POST in its JSON body too. */
function loginNamesOf(request: Request): { query: string | null; body: string | null } {
  const query = new URL(request.url()).searchParams.get('LoginName');
  if (request.method() !== 'POST') return { query, body: null };
  const body = request.postDataJSON() as { LoginName?: string } | null;
  return { query, body: body?.LoginName ?? null };
}

describe('flow preview for reviewers (desktop, 1440×900)', () => {
  let server: RunningServer;
  let dataDir: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let projectId: number;
  const previewRequests: Request[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-preview-'));
    server = await startServer({ port: PORT, dataDir });
    const list = (await (
      await fetch(
        `${server.baseUrl}/services/exam-flow/OpenService/v1/Project/GetProjectList?PageSize=50&Keyword=${encodeURIComponent(PROJECT_TITLE)}`,
      )
    ).json()) as { Data: { Items: { ProjectId: number; Title: string }[] } };
    projectId = list.Data.Items.find((p) => p.Title === PROJECT_TITLE)!.ProjectId;
    browser = await launchBrowser();
    context = await browser.newContext(DESKTOP_1440);
    page = await context.newPage();
    page.on('request', (request) => {
      if (request.url().includes('/ProjectPreview/') && !request.url().endsWith('/Login'))
        previewRequests.push(request);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('without a session the preview goes to its own login; signing in keeps PreviewLoginName and returns', async () => {
    await page.goto(`${server.baseUrl}/views/flowPreview?ProjectId=${projectId}`);
    await page.waitForURL('**/views/flowPreview/login?**');
    await page.getByLabel('审核员账号').waitFor();
    await checkScreen(page, 'issue8-preview-login');

    // A wrong password is said on the page; nothing is stored.
    await page.getByLabel('审核员账号').fill(REVIEWER.loginName);
    await page.getByLabel('密码').fill('not-the-password1');
    await page.getByRole('button', { name: '登录并预览' }).click();
    await page.getByRole('alert').filter({ hasText: '预览账号或密码不正确' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('PreviewLoginName'))).toBeNull();

    await page.getByLabel('密码').fill(REVIEWER.password);
    await page.getByRole('button', { name: '登录并预览' }).click();
    await page.waitForURL(`**/views/flowPreview?ProjectId=${projectId}`);
    expect(await page.evaluate(() => sessionStorage.getItem('PreviewLoginName'))).toBe(
      REVIEWER.loginName,
    );
    // The proof is HttpOnly: the page's script cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('portal_preview');
  });

  it('shows every step with the fixed banner, and the same step in the phone frame', async () => {
    await page.getByRole('heading', { name: PROJECT_TITLE, exact: true }).waitFor();
    await expect(
      page.getByRole('status').filter({ hasText: '预览模式 · 不会产生真实报名' }).count(),
    ).resolves.toBe(1);
    // The header is the reviewer's: no candidate 登录 beside the preview (issue 30, point 10).
    const header = page.getByRole('banner');
    await header.getByText('审核员预览').waitFor();
    expect(await header.getByRole('button', { name: '登录' }).count()).toBe(0);

    // Notices
    await page
      .locator('.flow-preview__desktop')
      .getByRole('heading', { level: 3 })
      .first()
      .waitFor();
    const frame = page.frameLocator('iframe.flow-preview__phone-frame');
    await frame.getByText('项目公告').first().waitFor();
    await checkScreen(page, 'issue8-preview-notice');

    // Project and positions
    await page.getByRole('tab', { name: '项目与岗位' }).click();
    await page.getByRole('columnheader', { name: '岗位名称' }).waitFor();
    await frame.getByRole('heading', { name: PROJECT_TITLE, exact: true }).waitFor();
    await checkScreen(page, 'issue8-preview-project');

    // The form: validated before sending, as a candidate's would be
    await page.getByRole('tab', { name: '报名表' }).click();
    await page.getByRole('button', { name: '提交测试填报' }).click();
    await page.locator('.ant-form-item-explain-error', { hasText: '请选择报考岗位' }).waitFor();
    expect(await page.locator('.ant-form-item-has-error').count()).toBeGreaterThan(1);
    await page.mouse.move(0, 0);
    await checkScreen(page, 'issue8-preview-form');

    // The application's states
    await page.getByRole('tab', { name: '报名状态' }).click();
    await page.getByText('考生此时的下一步').waitFor();
    await page.getByText('已缴费', { exact: true }).click();
    // Its exam is online: paid, the candidate's next step is the exam (issue 30, point 1).
    await page.getByText('考生此时的下一步：参加考试').waitFor();
    expect(new URL(page.url()).searchParams.get('Status')).toBe('Paid');
    await frame.getByText('报名状态：已缴费').waitFor();
    await checkScreen(page, 'issue8-preview-apply');

    // The ticket: sample data marked 样例, downloaded as a PDF
    await page.getByRole('tab', { name: '准考证' }).click();
    await page.getByRole('document', { name: '准考证（样例）' }).first().waitFor();
    await checkScreen(page, 'issue8-preview-ticket');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载准考证PDF（样例）' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    // NFKC: the PDF's CJK font maps some characters to their Kangxi-radical look-alikes.
    const text = (
      await pdfText(new Uint8Array(fs.readFileSync((await download.path())!)))
    ).normalize('NFKC');
    expect(text).toContain('张三（样例）'.normalize('NFKC'));
    expect(text).toContain(PROJECT_TITLE.normalize('NFKC'));
  });

  it('every preview request carried LoginName in its query or body', () => {
    expect(previewRequests.length).toBeGreaterThanOrEqual(8);
    for (const request of previewRequests) {
      const { query, body } = loginNamesOf(request);
      expect([query, body], request.url()).toContain(REVIEWER.loginName);
    }
    // The phone frame's requests are preview requests too.
    expect(previewRequests.some((r) => r.frame() !== page.mainFrame())).toBe(true);
  });

  it('without a ProjectId the reviewer chooses among the projects, by name too (issue 30, point 10)', async () => {
    await page.goto(`${server.baseUrl}/views/flowPreview`);
    await page.getByRole('heading', { name: '选择要预览的项目' }).waitFor();
    await page.getByRole('row').nth(2).waitFor();
    expect(await page.getByRole('row').count()).toBeGreaterThan(3);
    const search = page.getByRole('searchbox', { name: '按项目名称搜索' });
    await search.fill(PROJECT_TITLE);
    await search.press('Enter');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.mouse.move(0, 0);
    await checkScreen(page, 'issue30-preview-chooser');
    await page.getByRole('link', { name: PROJECT_TITLE }).click();
    await page.waitForURL(`**/views/flowPreview?ProjectId=${projectId}&Step=notice`);
    await page.getByRole('heading', { name: PROJECT_TITLE, exact: true }).waitFor();
  });

  it('a proof the server no longer knows (restarted, sessions cleared) shows the message and returns to the preview login', async () => {
    await server.stop();
    server = await startServer({ port: PORT, dataDir });
    // The next call meets the forgotten proof. Not a tab's: whether switching tabs asks the server
    // depends on how long the restart took (the answers kept until then may still be fresh).
    await page.reload();
    await page.getByText(EXPIRED_MESSAGE).first().waitFor();
    await page.waitForURL('**/views/flowPreview/login?**');
    expect(new URL(page.url()).searchParams.get('redirect')).toContain(`ProjectId=${projectId}`);
  });
});
