import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { DESKTOP, launchBrowser } from '../support/browser.js';
import { approveInBackOffice } from '../support/portal-api.js';
import { checkScreen, hasNoHorizontalScroll } from '../support/screens.js';
import { signInAtProvider } from '../support/sign-in.js';

const baseUrl = inject('baseUrl');
const DESKTOP_1440 = { ...DESKTOP, viewport: { width: 1440, height: 900 } };
const PLACEHOLDER = /页面的内容即将上线/;
/** The seed's second candidate: nobody else's journey reads her messages. */
const CANDIDATE = { mobile: '13900139000', password: 'Demo@654321', name: '王芳' };

/** A page of the desktop table is there: its content, never the placeholder. */
async function open(page: Page, path: string, ready: () => Promise<unknown>): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await ready();
  expect(await page.locator('main').textContent()).not.toMatch(PLACEHOLDER);
}

/** The unread count the header's 消息 link says (0 when it says none). */
async function headerUnread(page: Page): Promise<number> {
  const text =
    (await page
      .getByRole('navigation', { name: '主导航' })
      .getByRole('link')
      .nth(3)
      .textContent()) ?? '';
  const match = /，(\d+)条未读/.exec(text);
  return match ? Number(match[1]) : 0;
}

describe('desktop content pages (desktop user agent, 1440×900)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext(DESKTOP_1440);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('home: search, banners, sections of projects, label entries and shortcuts; the skip link reaches the page', async () => {
    await open(page, '/views/home', () =>
      page.getByRole('list', { name: '推荐' }).getByRole('link').first().waitFor(),
    );
    const nav = page.getByRole('navigation', { name: '主导航' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['首页', '项目', '发现', '消息']);
    expect(await nav.getByRole('link', { name: '首页' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('button', { name: '登录' }).waitFor();
    await page.getByRole('navigation', { name: '项目分类' }).getByRole('link').first().waitFor();
    await page
      .getByRole('navigation', { name: '常用入口' })
      .getByRole('link', { name: '外部项目' })
      .waitFor();
    const card = page.locator('main .project-card').first();
    await card.waitFor();
    expect(await card.getAttribute('href')).toMatch(/\/views\/flowManage\?ProjectId=\d+/);
    await checkScreen(page, 'issue9-desktop-home');

    // Keyboard alone: the first Tab stop is the skip link, and it moves the focus into the page.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('跳到主要内容');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // Searching goes to the project list with the keyword.
    await page.getByRole('searchbox', { name: '搜索项目' }).fill('教师');
    await page.getByRole('searchbox', { name: '搜索项目' }).press('Enter');
    await page.waitForURL('**/views/home/project?Keyword=*');
    expect(new URL(page.url()).searchParams.get('Keyword')).toBe('教师');
  });

  it('home is usable 1024 px wide: nothing wider than the window', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await open(page, '/views/home', () => page.locator('main .project-card').first().waitFor());
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    await checkScreen(page, 'issue9-desktop-home-1024');
    await page.setViewportSize(DESKTOP_1440.viewport);
  });

  it('externalproject: other sites’ projects, each opening its site in a new window', async () => {
    await open(page, '/views/externalproject', () =>
      page.getByRole('list', { name: '外部项目' }).waitFor(),
    );
    const links = page.getByRole('link', { name: /前往官网报名/ });
    expect(await links.count()).toBeGreaterThan(0);
    expect(await links.first().getAttribute('target')).toBe('_blank');
    expect(await links.first().getAttribute('href')).toMatch(/^https:\/\//);
    expect(await page.locator('main time').first().textContent()).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    await page
      .getByRole('navigation', { name: '当前位置' })
      .getByRole('link', { name: '首页' })
      .waitFor();
    await checkScreen(page, 'issue9-desktop-externalproject');
  });

  it('find: the category tree, then a category’s projects with its place in the address', async () => {
    await open(page, '/views/find', () =>
      page.getByRole('heading', { level: 2, name: '招录考试' }).waitFor(),
    );
    await page.getByRole('tree').waitFor();
    await checkScreen(page, 'issue9-desktop-find');
    await page
      .getByRole('tree')
      .getByText(/^公务员（\d+）$/)
      .click();
    await page.waitForURL('**/views/find?LableId=*');
    await page.getByRole('heading', { level: 2, name: /公务员/ }).waitFor();
    const projects = page.getByRole('list', { name: '公务员的项目' }).getByRole('link');
    await projects.first().waitFor();
    expect(await projects.count()).toBeGreaterThan(0);
    await checkScreen(page, 'issue9-desktop-find-category');
  });

  it('commonTabPanel: the solutions as tabs, the chosen one in full; richText shows it alone', async () => {
    await open(page, '/views/commonTabPanel', () => page.getByRole('tablist').waitFor());
    const tabs = page.getByRole('tab');
    expect(await tabs.count()).toBeGreaterThan(1);
    const second = (await tabs.nth(1).textContent())!.trim();
    await tabs.nth(1).click();
    await page.waitForURL('**/views/commonTabPanel?SolutionId=*');
    await page.getByRole('heading', { level: 2, name: second }).waitFor();
    await checkScreen(page, 'issue9-desktop-common-tab-panel');
    const solutionId = new URL(page.url()).searchParams.get('SolutionId');

    await open(page, `/views/richText?SolutionId=${solutionId}`, () =>
      page.getByRole('heading', { level: 2, name: second }).waitFor(),
    );
    await checkScreen(page, 'issue9-desktop-rich-text-solution');

    await page.goto(`${baseUrl}/views/home`);
    const href = await page.locator('main .project-card').first().getAttribute('href');
    const projectId = new URL(href!, baseUrl).searchParams.get('ProjectId');
    await open(page, `/views/richText?ProjectId=${projectId}`, () =>
      page.getByRole('button', { name: '查看项目并报名' }).waitFor(),
    );
    await checkScreen(page, 'issue9-desktop-rich-text-project');
  });

  it('saas: the introduction, the packages, and the cooperation form checked then sent', async () => {
    await open(page, '/views/saas', () =>
      page
        .getByRole('button', { name: /^咨询购买/ })
        .first()
        .waitFor(),
    );
    await checkScreen(page, 'issue9-desktop-saas');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('请填写单位名称').waitFor();
    expect(await page.getByLabel('单位名称').getAttribute('aria-invalid')).toBe('true');
    await checkScreen(page, 'issue9-desktop-saas-refused');

    const pack = page.getByRole('button', { name: /^咨询购买/ }).first();
    const packName = (await pack.textContent())!.replace('咨询购买', '');
    await pack.click();
    await page.getByRole('button', { name: `已选择${packName}`, pressed: true }).waitFor();
    await page.getByLabel('单位名称').fill('海淀区人事考试中心');
    await page.getByLabel('联系人').fill('赵老师');
    await page.getByLabel('手机号码').fill('13812345678');
    // Anyone may send it, so a proof of work comes first: the browser does it by itself.
    await page.getByText('安全验证已通过').waitFor();
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('提交成功，我们会尽快与您联系。').waitFor();
    await checkScreen(page, 'issue9-desktop-saas-sent');
  });

  it('notice needs sign-in; a candidate reads an unread message and the unread count goes down', async () => {
    await page.goto(`${baseUrl}/views/notice`);
    await signInAtProvider(page, CANDIDATE.mobile, CANDIDATE.password);
    await page.waitForURL(`${baseUrl}/views/notice`);
    await page.getByRole('link', { name: new RegExp(`^${CANDIDATE.name}`) }).waitFor();
    await page.getByRole('list', { name: '项目公告' }).getByRole('link').first().waitFor();
    await checkScreen(page, 'issue9-desktop-notice-projects');
    await page.getByRole('list', { name: '项目公告' }).getByRole('link').first().click();
    await page.waitForURL('**/views/notice?NoticeId=*');
    await page.locator('#notice-detail-title').waitFor();
    await checkScreen(page, 'issue9-desktop-notice-project-detail');

    // The back office approves her submitted application: a message she has not read arrives.
    const submitted = await page.evaluate(async (origin) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
      const { access_token: token } = JSON.parse(localStorage.getItem(key)!) as {
        access_token: string;
      };
      const response = await fetch(
        `${origin}/services/exam-account/OpenService/v1/User/GetUserProject?PageIndex=1&PageSize=20&Status=Submitted`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
      const body = (await response.json()) as { Data: { Items: { ApplyId: number }[] } };
      return body.Data.Items.map((a) => a.ApplyId);
    }, baseUrl);
    expect(submitted.length).toBeGreaterThan(0);
    await approveInBackOffice(baseUrl, submitted[0]!);

    await page.goto(`${baseUrl}/views/notice?tab=message`);
    const unread = page
      .getByRole('list', { name: '我的消息' })
      .getByRole('link')
      .filter({ hasText: '未读' });
    await unread.first().waitFor();
    await expect.poll(() => headerUnread(page)).toBeGreaterThan(0);
    const before = await headerUnread(page);
    const unreadBefore = await unread.count();
    expect(unreadBefore).toBe(before);
    await checkScreen(page, 'issue9-desktop-notice-messages');

    const title = (await unread.first().locator('.notice-item__title').textContent())!.replace(
      '未读：',
      '',
    );
    await unread.first().click();
    await page.waitForURL('**/views/notice?tab=message&MessageId=*');
    await page.getByRole('heading', { level: 2, name: title }).waitFor();
    await expect.poll(() => headerUnread(page)).toBe(before - 1);
    await expect.poll(() => unread.count()).toBe(unreadBefore - 1);
    await checkScreen(page, 'issue9-desktop-notice-message-read');
  });
});
