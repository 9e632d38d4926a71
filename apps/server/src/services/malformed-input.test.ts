import type { AddressInfo } from 'node:net';
import {
  envelopeSchema,
  getPageConfig,
  getProject,
  MAX_ID,
  submitAsk,
  upload,
  type Endpoint,
} from '@portal/contracts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { projectQuestions } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const anyEnvelope = envelopeSchema(z.unknown());
const urlOf = (endpoint: Endpoint) => `/services/${endpoint.service}${endpoint.path}`;

/** A 4xx in the envelope with a message in Chinese. */
function expectRefusal(status: number, body: unknown, expected = 400) {
  expect(status).toBe(expected);
  const envelope = anyEnvelope.parse(body);
  expect(envelope.ErrCode).toBe(expected);
  expect(envelope.ErrMsg).toMatch(/[\u4e00-\u9fa5]/);
}

describe('malformed input is refused with 400 in the envelope, never a 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses an id past the integer column range, and still reads a query id as a number', async () => {
    const tooLarge = await t.call(getProject, { ProjectId: 2 ** 31 });
    expectRefusal(tooLarge.status, tooLarge.body);
    expect(tooLarge.body.ErrMsg).toContain('ProjectId');
    expect((await t.call(getProject, { ProjectId: MAX_ID })).status).toBe(404);
    expect((await t.call(getProject, { ProjectId: 1 })).status).toBe(200);
    const text = await t.call(getProject, { ProjectId: '1abc' });
    expectRefusal(text.status, text.body);
  });

  it('takes a JSON body as it is: true is not an id, and nothing is stored', async () => {
    const [before] = await t.db.select({ n: count() }).from(projectQuestions);
    for (const ProjectId of [true, '1', 2 ** 31]) {
      const answer = await t.call(
        submitAsk,
        { ProjectId, Content: '请问这个项目什么时候开始报名？' },
        { as: t.demoUserId },
      );
      expectRefusal(answer.status, answer.body);
    }
    const [after] = await t.db.select({ n: count() }).from(projectQuestions);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses a NUL character in a query or a body', async () => {
    const query = await t.call(getPageConfig, { Domain: '\u0000' });
    expectRefusal(query.status, query.body);
    const body = await t.call(
      submitAsk,
      { ProjectId: 1, Content: '请问报名\u0000什么时候开始？' },
      { as: t.demoUserId },
    );
    expectRefusal(body.status, body.body);
  });

  it('refuses an upload without a boundary or with its body cut short', async () => {
    const authorization = await t.authorization(t.demoUserId);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: urlOf(upload),
      headers: { authorization, 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    });
    expectRefusal(noBoundary.statusCode, noBoundary.json());
    const truncated = await t.app.inject({
      method: 'POST',
      url: urlOf(upload),
      headers: { authorization, 'content-type': 'multipart/form-data; boundary=cut' },
      payload:
        '--cut\r\nContent-Disposition: form-data; name="File"; filename="a.png"\r\n' +
        'Content-Type: image/png\r\n\r\n\u0089PNG',
    });
    expectRefusal(truncated.statusCode, truncated.json());
  });
});

describe('answers Node gives before Fastify are the envelope too', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('answers a query string past the header limit with 431 in the envelope', async () => {
    const response = await fetch(`${base}${urlOf(getPageConfig)}?Domain=${'a'.repeat(20_000)}`);
    expectRefusal(response.status, await response.json(), 431);
  });

  it('answers a 5 MB body with 413 in the envelope', async () => {
    const response = await fetch(`${base}${urlOf(submitAsk)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: await t.authorization(t.demoUserId),
      },
      body: JSON.stringify({ ProjectId: 1, Content: 'x'.repeat(5 * 1024 * 1024) }),
    });
    expectRefusal(response.status, await response.json(), 413);
  });
});
