import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getProjectPaymentOrder, getPageConfig, SERVICE_IDS } from '@portal/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config.js';
import { SEED_PROJECTS } from '../testing/demo-fixtures.js';
import { applicationOf, projectIdOf } from '../services/exam-flow/flow-test-kit.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { registerSecurityHeaders } from './security-headers.js';

const TEMPLATE = `<!doctype html><html><head><!--portal-config--></head>
<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;

describe('security headers', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), TEMPLATE);
    t = await createTestApp({
      env: { WEB_DIST_DIR: webDir, SERVICES: [...SERVICE_IDS, 'web'].join(',') },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('gives the host page a CSP with no inline script at all: the config is a JSON data island', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/views/home/project' });
    const csp = String(page.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    expect(page.body).toContain('<script type="application/json" id="portal-config">');
    // Every script element is either the module entry or a data island, which never runs.
    const scripts = page.body.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(1);
    for (const tag of scripts) expect(tag).toMatch(/type="(module|application\/json)"/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers the services with nosniff, no framing and no referrer; no HSTS outside production', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/services/${getPageConfig.service}${getPageConfig.path}`,
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps the cashier page, whose address carries a signature, script-free and unframed', async () => {
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.approvedUnpaid);
    const applyId = (await applicationOf(t.db, t.demoUserId, projectId))!.id;
    const order = await t.call(
      getProjectPaymentOrder,
      { ApplyId: applyId, Provider: 'wechatpay' },
      { as: t.demoUserId },
    );
    const url = new URL(order.body.Data.PayUrl);
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('script-src');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends HSTS in production', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, { mode: 'production' } as ServerConfig);
    app.get('/', async () => 'ok');
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    await app.close();
  });
});
