import { createWebWeChat, getSharePoster } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
const MAX_SHARE_URL_LENGTH = 1_000;
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const PUBLIC_URL = 'http://localhost:8080';
const CLIENT_DOMAIN = 'https://m.portal.example';
const FOREIGN = [
  'https://evil.example/views/home/project',
  'http://localhost:8081/views/home/project',
  'https://localhost:8080/views/home/project',
  'http://localhost:8080@evil.example/views/home/project',
  'http://user:pw@localhost:8080/views/home/project',
  'https://m.portal.example.evil.example/',
  'ftp://localhost:8080/a',
];

describe('anonymous helpers brand and sign only this deployment’s own addresses', () => {
  let t: TestApp;
  let projectId: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL, CLIENT_DOMAIN } });
    const result = (await t.db.execute(sql`select id from projects order by id limit 1`)) as {
      rows: { id: number }[];
    };
    projectId = result.rows[0]!.id;
  });
  afterAll(() => t.close());

  it('GetSharePoster draws no poster whose QR code leads elsewhere', async () => {
    for (const ShareUrl of FOREIGN) {
      const { status, body } = await t.call(getSharePoster, { ProjectId: projectId, ShareUrl });
      expect(status, ShareUrl).toBe(400);
      expect(body.ErrMsg).toBe('分享地址须为本站页面地址');
      expect(body.Data).toEqual({ FieldErrors: { ShareUrl: '须为本站页面地址' } });
    }
  });

  it('GetSharePoster draws pages of PUBLIC_URL and CLIENT_DOMAIN', async () => {
    for (const ShareUrl of [
      `${PUBLIC_URL}/views/project/detail?ProjectId=${projectId}`,
      `${CLIENT_DOMAIN}/views/project/detail?ProjectId=${projectId}`,
    ]) {
      const { status, body } = await t.call(getSharePoster, { ProjectId: projectId, ShareUrl });
      expect(status, ShareUrl).toBe(200);
      expect(body.Data.ShareUrl).toBe(ShareUrl);
    }
  });

  it('GetSharePoster refuses an own address too long for a QR code with a 400, not a 500', async () => {
    for (const length of [MAX_SHARE_URL_LENGTH + 1, 3_000]) {
      const base = `${PUBLIC_URL}/views/home/project?q=`;
      const ShareUrl = base + '7'.repeat(length - base.length);
      const { status, body } = await t.call(getSharePoster, { ProjectId: projectId, ShareUrl });
      expect(status, String(length)).toBe(400);
      expect(body.ErrMsg).toMatch(/^(分享地址过长|参数不正确)/);
    }
    const base = `${PUBLIC_URL}/views/home/project?q=`;
    const longest = base + '7'.repeat(MAX_SHARE_URL_LENGTH - base.length);
    expect((await t.call(getSharePoster, { ProjectId: projectId, ShareUrl: longest })).status).toBe(
      200,
    );
  });

  it('CreateWebWeChat signs no page of another site', async () => {
    for (const PageUrl of FOREIGN) {
      const { status, body } = await t.call(createWebWeChat, { PageUrl });
      expect(status, PageUrl).toBe(400);
      expect(body.ErrMsg).toBe('页面地址须为本站 http(s) 页面地址');
    }
    for (const PageUrl of [`${PUBLIC_URL}/views/?from=timeline`, `${CLIENT_DOMAIN}/views/my`])
      expect((await t.call(createWebWeChat, { PageUrl })).status, PageUrl).toBe(200);
  });
});
