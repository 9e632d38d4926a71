import {
  follow,
  getUser,
  getUserApplyArchive,
  getProjectList,
  type Envelope,
} from '@portal/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyRequests } from '../domain/errors.js';
import { createMemoryStore } from '../platform/kv-store.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { installErrorHandling } from './errors.js';
import { registerService } from './register.js';
import { route } from './route.js';

describe('service framework', () => {
  let t: TestApp;
  let app: ReturnType<typeof Fastify>;
  beforeAll(async () => {
    t = await createTestApp();
    app = Fastify();
    installErrorHandling(app);
    await registerService(
      app,
      'exam-account',
      [
        route(getUser, async ({ requireUser }) => {
          const user = requireUser();
          return {
            UserId: user.userId,
            Name: user.name,
            Mobile: '138****8000',
            HeadPortrait: '',
            IsRealName: false,
            IdNumber: null,
            IsBindWeChat: false,
            CreateTime: new Date().toISOString(),
          };
        }),
        route(getUserApplyArchive, async () => ({
          Values: { broken: undefined as never },
          UpdateTime: 'not a time',
        })),
      ],
      t.deps,
    );
    await registerService(
      app,
      'exam-flow',
      [
        route(getProjectList, async ({ input }) => ({
          Items: [],
          Total: 0,
          PageIndex: input.PageIndex,
          PageSize: input.PageSize,
        })),
        route(follow, async ({ input }) => ({
          ProjectId: input.ProjectId,
          IsFollow: input.IsFollow,
        })),
      ],
      t.deps,
    );
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });
  const followWithBrokenBody = (server: typeof app, authorization?: string) =>
    server.inject({
      method: 'POST',
      url: '/services/exam-flow/OpenService/v1/Project/Follow',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      payload: '{"broken"',
    });

  it('answers 401 in the envelope when a required token is missing', async () => {
    const response = await get('/services/exam-account/OpenService/v1/User/GetUser');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ ErrCode: 401, ErrMsg: '请先登录', Data: null });
  });

  it('answers 401 for a forged token', async () => {
    const response = await get('/services/exam-account/OpenService/v1/User/GetUser', {
      authorization: 'Bearer a.b.c',
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const response = await get('/services/exam-account/OpenService/v1/User/GetUser', {
      authorization: await t.authorization(t.demoUserId, -10),
    });
    expect(response.statusCode).toBe(401);
  });

  it('returns data in the envelope for a valid token', async () => {
    const response = await get('/services/exam-account/OpenService/v1/User/GetUser', {
      authorization: await t.authorization(t.demoUserId),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Envelope<{ UserId: number }>;
    expect(body.ErrCode).toBe(0);
    expect(body.Data.UserId).toBe(t.demoUserId);
  });

  it('refuses wrong query types with a Chinese message naming the field', async () => {
    const response = await get(
      '/services/exam-flow/OpenService/v1/Project/GetProjectList?PageSize=abc',
    );
    expect(response.statusCode).toBe(400);
    const body = response.json() as Envelope<{ FieldErrors: Record<string, string> }>;
    expect(body.ErrMsg).toMatch(/^参数不正确，PageSize/);
    expect(Object.keys(body.Data.FieldErrors)).toEqual(['PageSize']);
  });

  it('refuses malformed JSON with 400 and says so', async () => {
    const response = await followWithBrokenBody(app, await t.authorization(t.demoUserId));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ErrCode: 400, ErrMsg: '请求内容不是有效的 JSON' });
  });

  it('judges the caller before reading the body: no token and a broken body is 401, not 400', async () => {
    const response = await followWithBrokenBody(app);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ ErrCode: 401, ErrMsg: '请先登录' });
  });

  it("runs a route's admit check on the token's caller before the database and the body", async () => {
    const admitted: (number | null)[] = [];
    const guarded = Fastify();
    installErrorHandling(guarded);
    await registerService(
      guarded,
      'exam-flow',
      [
        route(follow, async ({ input }) => ({ ProjectId: input.ProjectId, IsFollow: true }), {
          admit: ({ caller }) => {
            admitted.push(caller?.userId ?? null);
            throw tooManyRequests('您的请求正在处理，请稍后再试');
          },
        }),
      ],
      t.deps,
    );
    const known = await followWithBrokenBody(guarded, await t.authorization(t.demoUserId));
    // No such account: looked up first, this would be 401.
    const unknown = await followWithBrokenBody(guarded, await t.authorization(987_654));
    await guarded.close();
    expect([known.statusCode, unknown.statusCode]).toEqual([429, 429]);
    expect(known.json()).toMatchObject({ ErrMsg: '您的请求正在处理，请稍后再试' });
    expect(admitted).toEqual([t.demoUserId, 987_654]);
  });

  it('hides a broken answer behind a 500 with the generic message', async () => {
    const response = await get('/services/exam-account/OpenService/v1/User/GetUserApplyArchive', {
      authorization: await t.authorization(t.demoUserId),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ ErrCode: 500, ErrMsg: '服务器异常，请联系管理员' });
  });

  it('answers 404 in the envelope for an unknown call', async () => {
    const response = await get('/services/exam-flow/OpenService/v1/Nope/Nothing');
    expect(response.statusCode).toBe(404);
    expect((response.json() as Envelope<null>).ErrMsg).toContain('接口不存在');
  });

  it('rate-limits a caller past the per-minute limit with 429', async () => {
    const limited = Fastify();
    installErrorHandling(limited);
    await registerService(
      limited,
      'exam-flow',
      [route(getProjectList, async () => ({ Items: [], Total: 0, PageIndex: 1, PageSize: 10 }))],
      { ...t.deps, store: createMemoryStore() },
      { perUserPerMinute: 100, perAddressPerMinute: 3 },
    );
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await limited.inject({
            method: 'GET',
            url: '/services/exam-flow/OpenService/v1/Project/GetProjectList',
          })
        ).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    await limited.close();
  });
});
