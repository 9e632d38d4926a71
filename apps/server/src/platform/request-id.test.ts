import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  getPageConfig,
  getProjectList,
  REQUEST_ID_HEADER,
  sendVerifyShortMessage,
  SERVICE_IDS,
  type Envelope,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passCaptcha } from '../services/exam-message/sms-test-kit.js';
import { createTestApp, toQuery, type TestApp } from '../testing/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const urlOf = (endpoint: { service: string; path: string }) =>
  `/services/${endpoint.service}${endpoint.path}`;

interface LogLine {
  reqId?: string;
  msg: string;
  level: number;
}

describe('a request id in every answer, every refusal and every log line', () => {
  let t: TestApp;
  let origin: string;
  let written: string[] = [];
  const logged = () => written.map((text) => JSON.parse(text) as LogLine);
  const linesOf = (id: string) => logged().filter((line) => line.reqId === id);
  beforeAll(async () => {
    t = await createTestApp({
      env: { SERVICES: [...SERVICE_IDS, 'identity'].join(',') },
      logger: {
        level: 'info',
        stream: { write: (line: string) => written.push(line) },
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    written = [];
  });
  afterAll(() => t.close());

  it('a failure’s answer names the id of its header, and the request’s log lines carry it', async () => {
    // The database loses a table this call reads: a 500, its detail only in the log.
    await t.db.execute(sql`alter table tenant_domains rename to tenant_domains_away`);
    const response = await t.app
      .inject({ method: 'GET', url: urlOf(getPageConfig), query: { Domain: 'a.example.com' } })
      .finally(() => t.db.execute(sql`alter table tenant_domains_away rename to tenant_domains`));
    expect(response.statusCode).toBe(500);
    const id = response.headers[REQUEST_ID_HEADER];
    expect(id).toMatch(UUID);
    expect((response.json() as Envelope<null>).RequestId).toBe(id);
    expect(linesOf(id as string).map((line) => line.msg)).toEqual([
      'incoming request',
      'request failed',
      'request completed',
    ]);
  });

  it('a refusal names it too; a success carries it in its header only', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/services/exam-flow/Nope' });
    expect(refused.statusCode).toBe(404);
    expect((refused.json() as Envelope<null>).RequestId).toBe(refused.headers[REQUEST_ID_HEADER]);
    const invalid = await t.app.inject({
      method: 'GET',
      url: urlOf(getProjectList),
      query: { PageSize: '1000' },
    });
    expect(invalid.statusCode).toBe(400);
    expect((invalid.json() as Envelope<null>).RequestId).toBe(invalid.headers[REQUEST_ID_HEADER]);
    const answered = await t.app.inject({
      method: 'GET',
      url: urlOf(getProjectList),
      query: toQuery({ PageIndex: 1 }),
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.headers[REQUEST_ID_HEADER]).toMatch(UUID);
    expect(answered.json()).not.toHaveProperty('RequestId');
    const health = await t.app.inject('/healthz');
    expect(health.headers[REQUEST_ID_HEADER]).toMatch(UUID);
    // The identity provider's answers are written by Koa, on the raw response.
    const discovery = await t.app.inject('/identity/.well-known/openid-configuration');
    expect(discovery.statusCode).toBe(200);
    expect(discovery.headers[REQUEST_ID_HEADER]).toMatch(UUID);
  });

  it('keeps a plain id a proxy sent and replaces any other', async () => {
    const idFor = async (sent: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/services/exam-flow/Nope',
          headers: { [REQUEST_ID_HEADER]: sent },
        })
      ).headers[REQUEST_ID_HEADER];
    for (const plain of ['f3a9c2d1e4b5a6978877665544332211', 'edge-01.req_42', 'a'.repeat(64)])
      expect(await idFor(plain)).toBe(plain);
    for (const other of ['', 'a'.repeat(65), 'two words', 'x\u00e9', 'id;drop', '{"reqId":1}'])
      expect(await idFor(other)).toMatch(UUID);
  });

  it('a line logged through the app’s own logger during a request names it (the SMS gateway’s)', async () => {
    const token = await passCaptcha(t, '13900000077');
    written = [];
    // Over a socket, the body a moment after the head: it arrives in the socket's own events.
    const body = JSON.stringify({ Mobile: '13900000077', Scene: 'SignUp', CaptchaToken: token });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(`${origin}${urlOf(sendVerifyShortMessage)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      request.on('response', resolve).on('error', reject).flushHeaders();
      setTimeout(() => request.end(body), 100);
    });
    response.resume();
    expect(response.statusCode).toBe(200);
    const id = response.headers[REQUEST_ID_HEADER] as string;
    const sms = logged().find((line) => line.msg.startsWith('SMS to '));
    expect(sms?.reqId).toBe(id);
    // Named once: a line of the request's own logger is not named a second time.
    for (const text of written) expect(text.match(/"reqId"/g)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(linesOf(id).map((line) => line.msg)).toContain('incoming request');
  });

  it('a refusal by the HTTP parser, before Fastify, has an id in its header, envelope and log line', async () => {
    const response = await fetch(`${origin}${urlOf(getPageConfig)}?Domain=${'a'.repeat(20_000)}`);
    expect(response.status).toBe(431);
    const id = response.headers.get(REQUEST_ID_HEADER);
    expect(id).toMatch(UUID);
    expect(((await response.json()) as Envelope<null>).RequestId).toBe(id);
    expect(linesOf(id!).map((line) => line.msg)).toEqual(['request refused by the HTTP parser']);
  });
});
