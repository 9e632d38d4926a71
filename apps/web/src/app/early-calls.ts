// The first script of a signed-in screen's host page (apps/server/src/host): it sends the screen's
// first calls with the stored token at once, while the app's scripts still load, and leaves their
// answers for the app's HTTP client (render-as-you-fetch). No imports but types: this chunk stays
// alone and small, so it runs long before the app.
import type { EarlyAnswers, EarlyCalls } from '@portal/contracts';

/** = EARLY_CALLS_ELEMENT_ID and EARLY_ANSWERS_GLOBAL of @portal/contracts (early-calls.test.ts checks). */
export const EARLY_CALLS_ID = 'portal-early-calls';
export const EARLY_ANSWERS_KEY = '__portalEarlyAnswers';
/** = PREVIEW_LOGIN_NAME (platform/storage-keys.ts): the reviewer's preview makes its own calls. */
export const PREVIEW_LOGIN_NAME_KEY = 'PreviewLoginName';
/** Past this an early call is given up: the app asks itself. */
export const EARLY_CALL_TIMEOUT_MS = 15_000;

interface StoredSignIn {
  access_token?: string;
  token_type?: string;
  expires_at?: number;
  difference_ntime?: number;
}

/** The stored sign-in's Authorization header while it is valid, as the app itself decides (§4). */
function storedAuthorization(storageKey: string): string | null {
  const record = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as StoredSignIn | null;
  if (!record?.access_token) return null;
  const now = Date.now() / 1000;
  if (!((record.expires_at ?? 0) > now - (record.difference_ntime ?? 0))) return null;
  return `${record.token_type || 'Bearer'} ${record.access_token}`;
}

function send(url: string, authorization: string) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), EARLY_CALL_TIMEOUT_MS);
  return fetch(url, {
    headers: { Accept: 'application/json', Authorization: authorization },
    signal: controller.signal,
  })
    .then((response) => response.text().then((text) => ({ status: response.status, text })))
    .catch(() => null)
    .finally(() => clearTimeout(timer));
}

export function sendEarlyCalls(): void {
  try {
    const island = document.getElementById(EARLY_CALLS_ID)?.textContent;
    if (!island || sessionStorage.getItem(PREVIEW_LOGIN_NAME_KEY)) return;
    const { storageKey, calls } = JSON.parse(island) as EarlyCalls;
    const authorization = storedAuthorization(storageKey);
    if (!authorization) return;
    const early: EarlyAnswers = {
      authorization,
      answers: new Map(calls.map(({ key, url }) => [key, send(url, authorization)])),
    };
    (window as unknown as Record<string, EarlyAnswers>)[EARLY_ANSWERS_KEY] = early;
  } catch {
    // Storage refused or a damaged island: the app asks for everything itself, as without this.
  }
}

sendEarlyCalls();
