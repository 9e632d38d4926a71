import {
  appendQuery,
  IDEMPOTENCY_KEY_HEADER,
  envelopeSchema,
  ERROR_CODES,
  waitingLineSchema,
  type WaitingLine,
  fieldErrorsSchema,
  firstAnswerKey,
  type ClientId,
  type Endpoint,
  type RequestOf,
  type ResponseOf,
} from '@portal/contracts';
import { paths } from '../paths';
import { rememberNextPath } from '../auth/oidc';
import { navigateTo } from '../navigation';
import { notifyError } from '../notifier';
import { useSessionStore } from '../session-store';
import { PREVIEW_LOGIN_NAME } from '../storage-keys';
import {
  dropEarlyAnswers,
  serverRenderAnswer,
  takeEarlyAnswer,
  takeFirstAnswer,
} from './first-answers';
import { HttpError } from './http-error';
import { waitForTurn } from './waiting-line';

/** §7 §9 */
export const REQUEST_TIMEOUT_MS = 30000;
/** §8 */
export const SERVER_ERROR_MESSAGE = '服务器异常，请联系管理员';
export const TIMEOUT_MESSAGE = '服务器请求超时,请稍后再试';
/** §9 anti-forgery defaults: the cookie's value goes back in the header on same-origin calls. */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';

export interface CallOptions {
  signal?: AbortSignal;
  /** Files of a multipart call, by field name. */
  files?: Record<string, Blob>;
  /** No toast for a failure (§8: the share configuration failure is only logged). */
  silent?: boolean;
  /** Milliseconds before the call fails as a timeout; 0 waits for ever (§9: the WeChat entry). */
  timeoutMs?: number;
  /** Sent even if the page closes meanwhile (a report made as the page goes away). */
  keepalive?: boolean;
  /**
   * Asked of the server now, never taken from the answers the host page carried or an early call:
   * for an answer whose moment matters (an exam's ServerTime sets its clock by when it arrived).
   */
  fresh?: boolean;
}

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

type Params = Record<string, unknown>;

/**
 * The key of a POST whose answer never came, by call: sending the same call again (a retry) reuses
 * it, so the server does it once. Any answer ends the call's key.
 */
const unansweredKeys = new Map<string, string>();

function newIdempotencyKey(): string {
  // getRandomValues also works outside secure contexts (randomUUID does not).
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function buildRequest(
  base: string,
  endpoint: Endpoint,
  input: Params,
  options: CallOptions,
): { url: URL; init: RequestInit } {
  const url = new URL(`${base}${endpoint.path}`);
  const headers = new Headers({ Accept: 'application/json' });
  const { token, tokenType } = useSessionStore.getState();
  // §6: every request carries the token when there is one.
  if (token) headers.set('Authorization', `${tokenType} ${token}`);
  // §9: like the usual HTTP clients, never hand the anti-forgery token to another origin.
  const xsrfToken = url.origin === window.location.origin ? readCookie(XSRF_COOKIE_NAME) : null;
  if (xsrfToken) headers.set(XSRF_HEADER_NAME, xsrfToken);
  // §6: preview mode sends PreviewLoginName as LoginName, in the query and in the body.
  const loginName = sessionStorage.getItem(PREVIEW_LOGIN_NAME);
  const params: Params = loginName ? { ...input, LoginName: loginName } : input;

  if (endpoint.method === 'GET') {
    appendQuery(url.searchParams, params);
    return { url, init: { method: 'GET', headers } };
  }
  if (loginName) url.searchParams.set('LoginName', loginName);
  if (endpoint.body === 'multipart') {
    const form = new FormData();
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && value !== null) form.append(key, String(value));
    }
    for (const [key, file] of Object.entries(options.files ?? {})) form.append(key, file);
    return { url, init: { method: 'POST', headers, body: form } };
  }
  headers.set('Content-Type', 'application/json');
  return { url, init: { method: 'POST', headers, body: JSON.stringify(params) } };
}

function readBody(text: string): { ErrCode?: unknown; ErrMsg?: unknown; Data?: unknown } | null {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? body : null;
  } catch {
    return null;
  }
}

function isPreviewMode(): boolean {
  return Boolean(sessionStorage.getItem(PREVIEW_LOGIN_NAME));
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** §8: every HTTP status is a response; this turns one into data or a typed rejection. */
function settle<E extends Endpoint>(
  endpoint: E,
  status: number,
  text: string,
  notify: (message: string) => void = notifyError,
): ResponseOf<E> {
  const body = readBody(text);
  const errMsg = typeof body?.ErrMsg === 'string' ? body.ErrMsg : '';
  const errCode = typeof body?.ErrCode === 'number' ? body.ErrCode : status;

  if (status === 200 && errCode === ERROR_CODES.OK) {
    const parsed = envelopeSchema(endpoint.response).safeParse(body);
    if (parsed.success) return parsed.data.Data as ResponseOf<E>;
    notify(SERVER_ERROR_MESSAGE);
    throw new HttpError(SERVER_ERROR_MESSAGE, 'invalid-response', status, body);
  }
  if (status === ERROR_CODES.UNAUTHORIZED) {
    if (isPreviewMode()) {
      // Back to the same preview step after signing in again. A call of that step answering 401
      // once the reviewer is at the preview login already says nothing more, and must not make
      // the login page the way back.
      if (window.location.pathname.replace(/\/+$/, '') !== paths.flowPreviewLogin()) {
        if (errMsg) notify(errMsg);
        navigateTo(paths.flowPreviewLogin({ redirect: currentPath() }));
      }
    } else {
      rememberNextPath(currentPath());
      navigateTo(paths.authLogin());
    }
    throw new HttpError(errMsg || '请先登录', errCode, status, body);
  }
  if (status === ERROR_CODES.VERIFICATION_EXPIRED) {
    throw new HttpError(errMsg, errCode, status, body);
  }
  if (status === ERROR_CODES.TOO_MANY_REQUESTS) {
    navigateTo(paths.authFrequently());
    throw new HttpError(errMsg || '请求过于频繁', errCode, status, body);
  }
  const message = errMsg || SERVER_ERROR_MESSAGE;
  if (errCode !== ERROR_CODES.UNAUTHORIZED) notify(message);
  const fieldErrors = fieldErrorsSchema.safeParse(body?.Data);
  throw new HttpError(
    message,
    errCode,
    status,
    body,
    fieldErrors.success ? fieldErrors.data.FieldErrors : {},
  );
}

class RequestTimeout extends Error {
  constructor(ms: number) {
    super(`timeout of ${ms}ms exceeded`);
  }
}

/** Sends one call of the contract to `base` (§7) and applies the §8 catalogue. */
async function send<E extends Endpoint>(
  base: string,
  endpoint: E,
  input: RequestOf<E>,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const serverAnswer = serverRenderAnswer(endpoint, (input ?? {}) as Params);
  if (serverAnswer !== null)
    return settle(endpoint, 200, JSON.stringify(serverAnswer), () => undefined);
  const { url, init } = buildRequest(base, endpoint, (input ?? {}) as Params, options);
  // A first screen's call: the host page may carry the answer already.
  const headers = init.headers as Headers;
  const authorization = headers.get('Authorization');
  const answerKey =
    endpoint.method === 'GET' && !isPreviewMode() && !options.fresh
      ? firstAnswerKey(endpoint, url.searchParams)
      : null;
  // A signed-in screen's first calls may have been sent before the app's scripts arrived.
  let early = answerKey && authorization ? takeEarlyAnswer(answerKey, authorization) : undefined;
  if (answerKey && early === undefined) {
    const answer = takeFirstAnswer(answerKey, authorization);
    if (answer !== undefined)
      return settle(
        endpoint,
        200,
        JSON.stringify(answer),
        options.silent ? () => undefined : notifyError,
      );
  }
  if (endpoint.method === 'POST') dropEarlyAnswers();
  const callId =
    endpoint.method === 'POST' && typeof init.body === 'string'
      ? `${endpoint.name} ${init.body}`
      : null;
  if (callId) {
    const key = unansweredKeys.get(callId) ?? newIdempotencyKey();
    unansweredKeys.set(callId, key);
    (init.headers as Headers).set(IDEMPOTENCY_KEY_HEADER, key);
  }
  for (;;) {
    const exchange = early ? await early : null;
    early = undefined;
    // Given up while the early call was on its way: as a call aborted on the network.
    if (options.signal?.aborted) throw options.signal.reason as Error;
    const { status, text } = exchange ?? (await transport(url, init, options));
    const turn = status === ERROR_CODES.SERVICE_UNAVAILABLE ? waitingLineOf(text) : null;
    if (turn) {
      // Past capacity: wait the turn given and send the same call again, with the same key.
      await waitForTurn(turn.RetryAfterSeconds, options.signal);
      continue;
    }
    if (callId) unansweredKeys.delete(callId);
    return settle(endpoint, status, text, options.silent ? () => undefined : notifyError);
  }
}

/** The server's turn for a call it sent to the waiting line (503), if that is what `text` says. */
function waitingLineOf(text: string): WaitingLine | null {
  const parsed = envelopeSchema(waitingLineSchema).safeParse(readBody(text));
  return parsed.success ? parsed.data.Data : null;
}

/** One exchange with the server: its status and body, or a rejection for timeout or network. */
async function transport(
  url: URL,
  init: RequestInit,
  options: CallOptions,
): Promise<{ status: number; text: string }> {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => controller.abort(new RequestTimeout(timeoutMs)), timeoutMs)
      : undefined;
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onCallerAbort);
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, {
      ...init,
      signal: controller.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const reason = controller.signal.aborted ? controller.signal.reason : error;
    const timedOut = /timeout/i.test(reason instanceof Error ? reason.message : String(reason));
    const message = timedOut ? TIMEOUT_MESSAGE : SERVER_ERROR_MESSAGE;
    if (!options.silent) notifyError(message);
    throw new HttpError(message, timedOut ? 'timeout' : 'network', 0);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
  return { status, text };
}

export interface HttpClient {
  readonly id: ClientId;
  call<E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E>,
    options?: CallOptions,
  ): Promise<ResponseOf<E>>;
}

/** One of the eight §7 clients: it sends to its service's endpoint, looked up when it calls. */
export function createHttpClient(id: ClientId, baseUrl: () => string): HttpClient {
  return {
    id,
    call(endpoint, input, options) {
      if (endpoint.client !== id) {
        throw new Error(`${endpoint.name} belongs to client ${endpoint.client}, not ${id}`);
      }
      return send(baseUrl(), endpoint, input, options);
    },
  };
}
