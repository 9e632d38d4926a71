import { getProjectList, getUser, updateHeadPortrait, type Endpoint } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, toQuery, type TestApp } from '../../testing/test-app.js';

const urlOf = (endpoint: Endpoint) => `/services/${endpoint.service}${endpoint.path}`;

describe('no shared cache keeps an answer that may carry personal data', () => {
  let t: TestApp;
  let signedIn: string;
  beforeAll(async () => {
    t = await createTestApp();
    signedIn = await t.authorization(t.demoUserId);
  });
  afterAll(() => t.close());

  const get = (endpoint: Endpoint, headers: Record<string, string> = {}, query = {}) =>
    t.app.inject({ method: 'GET', url: urlOf(endpoint), query: toQuery(query), headers });

  it('every answer to a signed-in caller is private, no-store: reads, public reads, refusals', async () => {
    const answers = [
      await get(getUser, { authorization: signedIn }),
      await get(getProjectList, { authorization: signedIn }, { PageIndex: 1, PageSize: 5 }),
      await get(getProjectList, { authorization: signedIn }, { PageIndex: 'x' }),
      await t.app.inject({
        method: 'POST',
        url: urlOf(updateHeadPortrait),
        payload: {},
        headers: { authorization: signedIn },
      }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 400, 400]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('private, no-store');
  });

  it('a signed-in endpoint’s answer is private, no-store even to a caller with no or a bad token', async () => {
    const answers = [await get(getUser), await get(getUser, { authorization: 'Bearer forged' })];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('private, no-store');
  });

  it('anonymous public reads keep their caching, kept answers too', async () => {
    const query = { PageIndex: 1, PageSize: 5 };
    const first = await get(getProjectList, {}, query);
    const kept = await get(getProjectList, {}, query);
    expect([first.statusCode, kept.statusCode]).toEqual([200, 200]);
    expect(kept.body).toBe(first.body);
    expect(first.headers['cache-control']).toBeUndefined();
    expect(kept.headers['cache-control']).toBeUndefined();
  });
});
