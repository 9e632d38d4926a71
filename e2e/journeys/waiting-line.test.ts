import http from 'node:http';
import { cooperateApply, getUserProject } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser.js';
import { apiOf, applicationsOf } from '../support/portal-api.js';
import { checkScreen } from '../support/screens.js';
import { startFreshServer, type RunningServer } from '../support/server.js';
import { SENSITIVE_CONSENT_LABEL, signInAtProvider } from '../support/sign-in.js';

/**
 * Issue 31, point 3: past capacity the server sends new calls to a waiting line (503 with
 * Retry-After) and the page says so, waits and sends again by itself — the form stays as typed and
 * the submission lands once. The server's own, with a capacity of CAPACITY calls in flight, which
 * the journey fills with calls whose bodies are still arriving.
 */
const CAPACITY = 12;
const WAIT_SECONDS = 2;

/** Calls the server counts as in flight until they are cut off: their bodies never finish. */
async function fillCapacity(baseUrl: string): Promise<() => Promise<void>> {
  const { port } = new URL(baseUrl);
  const held = Array.from({ length: CAPACITY }, () => {
    const request = http.request({
      port: Number(port),
      host: '127.0.0.1',
      method: 'POST',
      path: `/services/${cooperateApply.service}${cooperateApply.path}`,
      headers: { 'Content-Type': 'application/json', 'Content-Length': '100000' },
    });
    request.on('error', () => undefined);
    request.write('{"Company":');
    return request;
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  return async () => {
    const closed = held.map((request) => new Promise((resolve) => request.once('close', resolve)));
    for (const request of held) request.destroy();
    await Promise.all(closed);
  };
}

describe('the waiting line (issue 31, point 3)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  // A try of its own each time, server included: a retry starts signed out, with the seed's
  // returned application not yet sent, as the first try did.
  beforeEach(async () => {
    server = await startFreshServer('waiting-line', {
      MAX_IN_FLIGHT_REQUESTS: String(CAPACITY),
      WAITING_LINE_RETRY_SECONDS: String(WAIT_SECONDS),
    });
    context = await browser.newContext(PHONE);
    page = await context.newPage();
  }, 120_000);
  afterEach(async () => {
    await context?.close();
    await server?.stop();
  });

  it('a returned application sent while the server is full waits in line, keeps what was typed and lands once', async () => {
    await page.goto(`${server.baseUrl}/views/my/myProject`);
    await signInAtProvider(page);
    await page.waitForURL('**/views/my/myProject');
    const api = await apiOf(page);
    const mine = await api.call(getUserProject, { PageIndex: 1, PageSize: 50 });
    const returned = mine.Items.find((a) => a.Status === 'Returned')!;
    expect(returned, 'the seed returns one of the demo candidate’s applications').toBeDefined();

    await page.goto(`${server.baseUrl}/views/apply?ProjectId=${returned.ProjectId}`);
    const major = page.getByRole('textbox', { name: '专业' });
    await major.waitFor();
    await major.fill('计算机科学与技术（排队时填写）');
    const consent = page.getByRole('checkbox', { name: SENSITIVE_CONSENT_LABEL });
    if ((await consent.count()) && !(await consent.isChecked())) await consent.check();

    const sent: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('ProjectApply/ModifyApply')) sent.push(response.status());
    });
    const release = await fillCapacity(server.baseUrl);
    await page.getByRole('button', { name: '提交修改' }).click();
    await page.getByText(/^当前人数较多，正在排队，预计 \d+ 秒$/).waitFor();
    await checkScreen(page, 'issue31-waiting-line-phone');
    // Busy, and so not sent twice, while it waits: 请稍候 instead of 提交修改.
    expect(await page.getByRole('button', { name: '请稍候' }).isDisabled()).toBe(true);
    expect(await major.inputValue()).toBe('计算机科学与技术（排队时填写）');
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(sent.every((status) => status === 503)).toBe(true);

    await release();
    await page.waitForURL(`**/views/flowManage?ProjectId=${returned.ProjectId}`, {
      timeout: 30_000,
    });
    expect(sent.filter((status) => status === 200)).toHaveLength(1);
    // The page's other calls turned away after the submission's last refusal are still waiting their
    // turn when it lands, so the line may show a moment longer; it clears once they are answered.
    await page
      .getByText(/当前人数较多/)
      .first()
      .waitFor({ state: 'detached', timeout: 30_000 });
    const [application] = await applicationsOf(api, returned.ProjectId);
    expect(application?.Status).toBe('Submitted');
  });
});
