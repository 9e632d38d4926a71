import {
  CLIENT_IDS,
  CLIENT_SERVICE,
  ENDPOINTS,
  ANSWERED_FOR_ATTRIBUTE,
  FIRST_ANSWERS_ELEMENT_ID,
  FIRST_ANSWERS_MAX_AGE_MS,
  firstAnswerKey,
  getProjectList,
  getPageConfig,
  getUser,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  WAITING_LINE_MESSAGE,
  previewGeneratePrint,
  previewGetForm,
  updateHeadPortrait,
  upload,
} from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigate } from '../navigation';
import { setNotifier } from '../notifier';
import { useSessionStore } from '../session-store';
import { loadTestRuntimeConfig } from '../testing/runtime-config-fixture';
import { testJwt } from '../testing/jwt-fixture';
import { callEndpoint, HTTP_CLIENTS } from './clients';
import { RUNTIME_CONFIG_GLOBAL } from '@portal/contracts';
import { loadRuntimeConfig } from '../runtime-config';
import { testRuntimeConfig } from '../testing/runtime-config-fixture';
import {
  REQUEST_TIMEOUT_MS,
  SERVER_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
} from './http-client';
import { HttpError } from './http-error';
import { paths } from '../paths';

const profile = {
  UserId: 7,
  Name: '张三',
  Mobile: '138****8000',
  HeadPortrait: '',
  IsRealName: false,
  IdNumber: null,
  IsBindWeChat: false,
  CreateTime: '2024-01-01T08:00:00+08:00',
};

// The edge: the network. Everything between fetch and the caller is the real code.
const fetchMock = vi.fn<typeof fetch>();
const toasts: string[] = [];
const events: string[] = [];
const navigate = vi.fn((path: string) => events.push(`navigate ${path}`));

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );
}
function sentRequest(index = 0) {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  return { url: new URL(String(url)), init: init ?? {} };
}
async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

beforeEach(() => {
  loadTestRuntimeConfig();
  vi.stubGlobal('fetch', fetchMock);
  setNotifier({
    error: (message) => {
      toasts.push(message);
      events.push(`toast ${message}`);
    },
  });
  setNavigate(navigate);
  useSessionStore.getState().resetSession();
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  fetchMock.mockReset();
  navigate.mockClear();
  toasts.length = 0;
  events.length = 0;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('§7 the eight clients', () => {
  it('there is one client per ClientId', () => {
    expect(Object.keys(HTTP_CLIENTS).sort()).toEqual([...CLIENT_IDS].sort());
  });

  it("each client sends to its service's endpoint, trailing slash removed (preview clients too)", async () => {
    for (const id of CLIENT_IDS) {
      const endpoint = ENDPOINTS.find((e) => e.client === id);
      expect(endpoint, id).toBeDefined();
      if (!endpoint) continue;
      fetchMock.mockClear();
      answer(500, '');
      await HTTP_CLIENTS[id].call(endpoint, {}).catch(() => undefined);
      expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(
        new RegExp(`^https://api\\.example\\.com/services/${CLIENT_SERVICE[id]}${endpoint.path}`),
      );
    }
  });

  it('a client refuses a call that belongs to another client', () => {
    expect(() => HTTP_CLIENTS['exam-flow'].call(getUser, {})).toThrow(/exam-account/);
  });
});

describe('§7 methods', () => {
  it('GET sends parameters in the query string', async () => {
    answer(200, {
      ErrCode: 0,
      ErrMsg: '',
      Data: { IsNotFound: false, TenantId: 1, TenantName: 'a', LogoUrl: '', ServicePhone: '' },
    });
    await callEndpoint(getPageConfig, { Domain: 'www.example.com' });
    const { url, init } = sentRequest();
    expect(init.method).toBe('GET');
    expect(url.pathname).toBe('/services/exam-expand/OpenService/v1/PageConfig/GetPageConfig');
    expect(url.searchParams.get('Domain')).toBe('www.example.com');
    expect(init.body).toBeUndefined();
  });

  it('POST sends a JSON body', async () => {
    answer(200, { ErrCode: 0, ErrMsg: '', Data: profile });
    await callEndpoint(updateHeadPortrait, { HeadPortrait: 'https://cdn.example.com/a.png' });
    const { init } = sentRequest();
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({
      HeadPortrait: 'https://cdn.example.com/a.png',
    });
  });

  it('a POST carries an idempotency key, kept when the same call is sent again after a lost answer', async () => {
    const keyOf = (index: number) =>
      new Headers(sentRequest(index).init.headers).get(IDEMPOTENCY_KEY_HEADER);
    const input = { HeadPortrait: 'https://cdn.example.com/a.png' };
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await rejection(callEndpoint(updateHeadPortrait, input));
    answer(200, { ErrCode: 0, ErrMsg: '', Data: profile });
    await callEndpoint(updateHeadPortrait, input);
    answer(200, { ErrCode: 0, ErrMsg: '', Data: profile });
    await callEndpoint(updateHeadPortrait, input);
    expect(keyOf(0)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(keyOf(2)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(keyOf(2)).not.toBe(keyOf(1));
  });

  it('a call sent to the waiting line (503) waits its turn and is sent again with the same key, without a toast', async () => {
    vi.useFakeTimers();
    const keyOf = (index: number) =>
      new Headers(sentRequest(index).init.headers).get(IDEMPOTENCY_KEY_HEADER);
    const line = { ErrCode: 503, ErrMsg: WAITING_LINE_MESSAGE, Data: { RetryAfterSeconds: 5 } };
    answer(503, line);
    answer(503, line);
    answer(200, { ErrCode: 0, ErrMsg: '', Data: profile });
    const call = callEndpoint(updateHeadPortrait, {
      HeadPortrait: 'https://cdn.example.com/a.png',
    });
    await vi.advanceTimersByTimeAsync(3_900);
    // ± 20% of 5 s: not before 4 s.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_200);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(6_100);
    expect(await call).toEqual(profile);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(keyOf(2)).toBe(keyOf(0));
    expect(toasts).toEqual([]);
  });

  it('a 503 that is no waiting line is an error as before', async () => {
    answer(503, { ErrCode: 503, ErrMsg: '短信发送失败，请稍后再试或联系客服', Data: null });
    const error = await rejection(callEndpoint(updateHeadPortrait, { HeadPortrait: '' }));
    expect(error.status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual(['短信发送失败，请稍后再试或联系客服']);
  });

  it("an endpoint with body 'multipart' sends form data with its files", async () => {
    answer(200, {
      ErrCode: 0,
      ErrMsg: '',
      Data: {
        FileId: 'AAAAAAAAAAAAAAAAAAAAAA',
        Url: '/f/1',
        FileName: 'a.png',
        Size: 1,
        ContentType: 'image/png',
      },
    });
    await callEndpoint(upload, { Purpose: 'avatar' }, { files: { File: new Blob(['x']) } });
    const body = sentRequest().init.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('Purpose')).toBe('avatar');
    expect((body as FormData).get('File')).toBeInstanceOf(Blob);
  });
});

describe("the host page's first answers", () => {
  const listInput = { PageIndex: 1, PageSize: 10 };
  const listAnswer = {
    ErrCode: 0,
    ErrMsg: '',
    Data: { Items: [], Total: 0, PageIndex: 1, PageSize: 10, NextCursor: null },
  };
  function writeIsland(answers: Record<string, unknown>, answeredFor?: string) {
    document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove();
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = FIRST_ANSWERS_ELEMENT_ID;
    if (answeredFor) element.setAttribute(ANSWERED_FOR_ATTRIBUTE, answeredFor);
    element.textContent = JSON.stringify(answers);
    document.head.append(element);
  }
  const key = firstAnswerKey(
    getProjectList,
    new URLSearchParams({ PageSize: '10', PageIndex: '1' }),
  );
  afterEach(() => document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove());

  it('an anonymous GET takes its answer from the island once; the next one is asked for', async () => {
    writeIsland({ [key]: { ...listAnswer, Data: { ...listAnswer.Data, Total: 7 } } });
    expect((await callEndpoint(getProjectList, listInput)).Total).toBe(7);
    expect(fetchMock).not.toHaveBeenCalled();
    answer(200, listAnswer);
    expect((await callEndpoint(getProjectList, listInput)).Total).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('another query, a signed-in caller or a damaged island asks the server', async () => {
    writeIsland({ [key]: listAnswer });
    answer(200, listAnswer);
    await callEndpoint(getProjectList, { PageIndex: 2, PageSize: 10 });
    useSessionStore.getState().setToken('abc', 'Bearer');
    answer(200, listAnswer);
    await callEndpoint(getProjectList, listInput);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    useSessionStore.getState().resetSession();
    writeIsland({});
    document.getElementById(FIRST_ANSWERS_ELEMENT_ID)!.textContent = '{broken';
    answer(200, listAnswer);
    await callEndpoint(getProjectList, listInput);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("a signed-in screen's answers are taken only by calls with a token of the account they were asked for", async () => {
    writeIsland({ [key]: { ...listAnswer, Data: { ...listAnswer.Data, Total: 7 } } }, '7');
    // Without a token, or with another account's, or with a token that names none: asked.
    answer(200, listAnswer);
    expect((await callEndpoint(getProjectList, listInput)).Total).toBe(0);
    useSessionStore.getState().setToken(testJwt({ sub: '8' }), 'Bearer');
    answer(200, listAnswer);
    expect((await callEndpoint(getProjectList, listInput)).Total).toBe(0);
    useSessionStore.getState().setToken('abc', 'Bearer');
    answer(200, listAnswer);
    expect((await callEndpoint(getProjectList, listInput)).Total).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // The account's own token: taken, once.
    useSessionStore.getState().setToken(testJwt({ sub: '7' }), 'Bearer');
    expect((await callEndpoint(getProjectList, listInput)).Total).toBe(7);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    useSessionStore.getState().resetSession();
  });

  it('a page older than 30 s, or the reviewer’s preview, asks the server', async () => {
    writeIsland({ [key]: listAnswer });
    const now = vi.spyOn(performance, 'now').mockReturnValue(FIRST_ANSWERS_MAX_AGE_MS + 1);
    answer(200, listAnswer);
    await callEndpoint(getProjectList, listInput);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    now.mockRestore();

    sessionStorage.setItem('PreviewLoginName', 'reviewer');
    answer(200, listAnswer);
    await callEndpoint(getProjectList, listInput);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    sessionStorage.clear();
    // The island's answer was not spent by either.
    await callEndpoint(getProjectList, listInput);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a call asked fresh (an exam’s state) never takes the island’s answer, which stays for the others', async () => {
    writeIsland({ [key]: { ...listAnswer, Data: { ...listAnswer.Data, Total: 7 } } });
    answer(200, listAnswer);
    expect((await callEndpoint(getProjectList, listInput, { fresh: true })).Total).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await callEndpoint(getProjectList, listInput)).Total).toBe(7);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an answer that breaks the contract is refused as a server answer would be', async () => {
    writeIsland({ [key]: { ErrCode: 0, ErrMsg: '', Data: { Items: 'none' } } });
    const error = await rejection(callEndpoint(getProjectList, listInput));
    expect(error.code).toBe('invalid-response');
    expect(toasts).toEqual([SERVER_ERROR_MESSAGE]);
  });
});

describe('§6 authorization', () => {
  it('every request carries Authorization: <token_type> <access_token> when signed in', async () => {
    useSessionStore.getState().setToken('tok123', 'Bearer');
    answer(200, { ErrCode: 0, ErrMsg: '', Data: profile });
    await callEndpoint(getUser, {});
    expect(new Headers(sentRequest().init.headers).get('Authorization')).toBe('Bearer tok123');
  });

  it('no Authorization header without a token', async () => {
    answer(200, { ErrCode: 0, ErrMsg: '', Data: profile });
    await callEndpoint(getUser, {});
    expect(new Headers(sentRequest().init.headers).has('Authorization')).toBe(false);
  });

  it('preview mode adds PreviewLoginName as LoginName to the query of a GET', async () => {
    sessionStorage.setItem('PreviewLoginName', 'reviewer1');
    answer(500, '');
    await callEndpoint(previewGetForm, { ProjectId: 3, LoginName: 'ignored' }).catch(
      () => undefined,
    );
    expect(sentRequest().url.searchParams.getAll('LoginName')).toEqual(['reviewer1']);
  });

  it('preview mode adds LoginName to the query and the body of a POST', async () => {
    sessionStorage.setItem('PreviewLoginName', 'reviewer1');
    answer(500, '');
    await callEndpoint(updateHeadPortrait, { HeadPortrait: 'x' }).catch(() => undefined);
    const { url, init } = sentRequest();
    expect(url.searchParams.get('LoginName')).toBe('reviewer1');
    expect(JSON.parse(String(init.body))).toEqual({ HeadPortrait: 'x', LoginName: 'reviewer1' });
  });
});

describe('§9 anti-forgery defaults', () => {
  afterEach(() => {
    document.cookie = `${XSRF_COOKIE_NAME}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });

  it('sends the XSRF-TOKEN cookie back as X-XSRF-TOKEN to its own origin', async () => {
    const config = testRuntimeConfig();
    config.MicroServices = config.MicroServices.map((s) => ({
      ...s,
      ServiceEndpoint: `${window.location.origin}/services/${s.ServiceID}/`,
    }));
    loadRuntimeConfig({ [RUNTIME_CONFIG_GLOBAL]: config });
    document.cookie = `${XSRF_COOKIE_NAME}=abc%3D1; path=/`;
    answer(200, { ErrCode: 0, ErrMsg: '', Data: profile });
    await callEndpoint(getUser, {});
    expect(new Headers(sentRequest().init.headers).get(XSRF_HEADER_NAME)).toBe('abc=1');
  });

  it('never sends it to another origin', async () => {
    document.cookie = `${XSRF_COOKIE_NAME}=abc; path=/`;
    answer(200, { ErrCode: 0, ErrMsg: '', Data: profile });
    await callEndpoint(getUser, {});
    expect(new Headers(sentRequest().init.headers).has(XSRF_HEADER_NAME)).toBe(false);
  });
});

describe('§8 error catalogue', () => {
  it('200 with ErrCode 0 returns Data, parsed with the endpoint response schema', async () => {
    answer(200, { ErrCode: 0, ErrMsg: '', Data: profile });
    await expect(callEndpoint(getUser, {})).resolves.toEqual(profile);
    expect(toasts).toEqual([]);
  });

  it('200 whose Data breaks the contract is a server error', async () => {
    answer(200, { ErrCode: 0, ErrMsg: '', Data: { Name: 1 } });
    const error = await rejection(callEndpoint(getUser, {}));
    expect(error.code).toBe('invalid-response');
    expect(toasts).toEqual([SERVER_ERROR_MESSAGE]);
  });

  it('401 goes to the login route and rejects, with no toast', async () => {
    window.history.replaceState(null, '', paths.myOrder());
    answer(401, { ErrCode: 401, ErrMsg: '登录已过期', Data: null });
    const error = await rejection(callEndpoint(getUser, {}));
    expect(error.status).toBe(401);
    expect(navigate).toHaveBeenCalledWith(paths.authLogin());
    expect(localStorage.getItem('loginBackNextPath')).toBe(paths.myOrder());
    expect(toasts).toEqual([]);
  });

  it('401 in preview mode shows ErrMsg first, then goes to /views/flowPreview/login (back here after)', async () => {
    sessionStorage.setItem('PreviewLoginName', 'reviewer1');
    answer(401, { ErrCode: 401, ErrMsg: '预览账号已失效', Data: null });
    await rejection(callEndpoint(previewGeneratePrint, { ProjectId: 3, LoginName: 'r' }));
    const back = encodeURIComponent(`${window.location.pathname}${window.location.search}`);
    expect(events).toEqual([
      'toast 预览账号已失效',
      `navigate /views/flowPreview/login?redirect=${back}`,
    ]);
  });

  it('401 in preview mode at the preview login (a call of the step before it) neither says it again nor goes there again', async () => {
    sessionStorage.setItem('PreviewLoginName', 'reviewer1');
    const step = paths.flowPreview({ ProjectId: 3, Step: 'notice' });
    window.history.replaceState(null, '', paths.flowPreviewLogin({ redirect: step }));
    answer(401, { ErrCode: 401, ErrMsg: '预览账号已失效', Data: null });
    const error = await rejection(
      callEndpoint(previewGeneratePrint, { ProjectId: 3, LoginName: 'r' }),
    );
    window.history.replaceState(null, '', '/');
    expect(error.status).toBe(401);
    expect(events).toEqual([]);
  });

  it('419 rejects with the whole response and no message', async () => {
    const body = { ErrCode: 419, ErrMsg: '请重新完成验证', Data: { Scene: 'ic_message_h5' } };
    answer(419, body);
    const error = await rejection(callEndpoint(getUser, {}));
    expect(error.status).toBe(419);
    expect(error.response).toEqual(body);
    expect(toasts).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('429 goes to /views/auth/frequently', async () => {
    answer(429, { ErrCode: 429, ErrMsg: '请求过于频繁', Data: null });
    const error = await rejection(callEndpoint(getUser, {}));
    expect(error.status).toBe(429);
    expect(navigate).toHaveBeenCalledWith(paths.authFrequently());
  });

  it('other status with ErrMsg shows ErrMsg as an error toast', async () => {
    answer(409, { ErrCode: 409, ErrMsg: '已报名该项目', Data: null });
    const error = await rejection(callEndpoint(getUser, {}));
    expect(toasts).toEqual(['已报名该项目']);
    expect(error).toMatchObject({ code: 409, status: 409, message: '已报名该项目' });
  });

  it('no toast when ErrCode is 401', async () => {
    answer(403, { ErrCode: 401, ErrMsg: '未授权', Data: null });
    await rejection(callEndpoint(getUser, {}));
    expect(toasts).toEqual([]);
  });

  it('400 carries Data.FieldErrors so a form can mark its fields', async () => {
    answer(400, {
      ErrCode: 400,
      ErrMsg: '请检查填写内容',
      Data: { FieldErrors: { Mobile: '手机号不正确' } },
    });
    const error = await rejection(callEndpoint(getUser, {}));
    expect(error.fieldErrors).toEqual({ Mobile: '手机号不正确' });
    expect(toasts).toEqual(['请检查填写内容']);
  });

  it('a silent call (the WeChat share signature, §8 logged only) rejects without any toast', async () => {
    answer(500, { ErrCode: 500, ErrMsg: '签名失败', Data: null });
    const refused = await rejection(callEndpoint(getUser, {}, { silent: true }));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const failed = await rejection(callEndpoint(getUser, {}, { silent: true }));
    expect([refused.message, failed.code]).toEqual(['签名失败', 'network']);
    expect(toasts).toEqual([]);
  });

  it("other status without ErrMsg shows '服务器异常，请联系管理员'", async () => {
    answer(502, '<html>Bad Gateway</html>');
    const error = await rejection(callEndpoint(getUser, {}));
    expect(SERVER_ERROR_MESSAGE).toBe('服务器异常，请联系管理员');
    expect(toasts).toEqual(['服务器异常，请联系管理员']);
    expect(error.status).toBe(502);
  });

  it("request failure shows '服务器异常，请联系管理员'", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await rejection(callEndpoint(getUser, {}));
    expect(error.code).toBe('network');
    expect(toasts).toEqual(['服务器异常，请联系管理员']);
  });

  it("a failure that mentions timeout shows '服务器请求超时,请稍后再试'", async () => {
    fetchMock.mockRejectedValueOnce(new Error('network timeout at: https://api.example.com'));
    const error = await rejection(callEndpoint(getUser, {}));
    expect(TIMEOUT_MESSAGE).toBe('服务器请求超时,请稍后再试');
    expect(error.code).toBe('timeout');
    expect(toasts).toEqual(['服务器请求超时,请稍后再试']);
  });

  it('a request is aborted after REQUEST_TIMEOUT_MS = 30000 as a timeout', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30000);
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    const pending = rejection(callEndpoint(getUser, {}));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).code).toBe('timeout');
    expect(toasts).toEqual([TIMEOUT_MESSAGE]);
  });

  it('a call may wait without a timeout (§9: the WeChat entry uses 0)', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          setTimeout(
            () => resolve(new Response(JSON.stringify({ ErrCode: 0, ErrMsg: '', Data: profile }))),
            120_000,
          );
        }),
    );
    const pending = callEndpoint(getUser, {}, { timeoutMs: 0 });
    await vi.advanceTimersByTimeAsync(120_000);
    await expect(pending).resolves.toMatchObject({ Name: '张三' });
    expect(toasts).toEqual([]);
  });

  it("the caller's own abort is passed on without a message", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    );
    const pending = callEndpoint(getUser, {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow('aborted');
    expect(toasts).toEqual([]);
  });
});
