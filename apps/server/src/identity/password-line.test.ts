import { updateLoginPwd, WAITING_LINE_MESSAGE } from '@portal/contracts';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordLine } from '../domain/accounts/passwords.js';
import { DEMO_MOBILE, DEMO_PASSWORD } from '../testing/demo-fixtures.js';
import {
  accessTokenOf,
  callbackUrlOf,
  CookieBrowser,
  formAction,
  openInteraction,
  requestSmsCode,
  useIdentityTestServer,
} from './test-server.js';

/**
 * Issue 31, point 2: password sign-in is bounded by the CPU (scrypt). Past what the box can hash
 * soon, a try is answered at once with 503 and Retry-After, the page saying the wait and keeping
 * the number, rather than queued until the browser gives up; the page itself, and SMS sign-in
 * (no hash), go on being served. One hash at a time and no waiting room here, so that one held
 * piece of work fills the line.
 */
const server = useIdentityTestServer({
  PASSWORD_HASH_CONCURRENCY: '1',
  PASSWORD_HASH_WAITING: '0',
});

let release: (() => void) | undefined;
/** Fills the line of password hashes until `release` is called. */
function fillPasswordLine() {
  const held = passwordLine.run(() => new Promise<void>((resolve) => (release = resolve)));
  expect(passwordLine.hasRoom()).toBe(false);
  return held;
}
afterEach(() => release?.());

async function postPassword(browser: CookieBrowser, page: string, password = DEMO_PASSWORD) {
  return browser.follow(formAction(page, server.baseUrl), callbackUrlOf(server), {
    form: { mobile: DEMO_MOBILE, password },
  });
}

describe('password sign-in past capacity (issue 31, point 2)', () => {
  it('answers 503 with Retry-After at once, keeps the number, counts no try; the same person signs in once the line moves', async () => {
    const held = fillPasswordLine();
    const browser = new CookieBrowser();
    // The sign-in page itself is served while the line is full.
    const { page } = await openInteraction(server, browser);
    // More turned-away tries than the three a human check is asked after: none of them counts.
    for (let i = 0; i < 4; i++) {
      const started = performance.now();
      const { response } = await postPassword(browser, page);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(response?.status).toBe(503);
      expect(Number(response!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const refused = await response!.text();
      expect(refused).toMatch(new RegExp(`role="alert">${WAITING_LINE_MESSAGE}，预计 \\d+ 秒`));
      expect(refused).toContain('或改用验证码登录（无需排队）');
      expect(refused).toContain(`value="${DEMO_MOBILE}"`);
      expect(refused).not.toContain(DEMO_PASSWORD);
      expect(refused).not.toContain('data-captcha-required');
    }
    release!();
    await held;
    const signedIn = await postPassword(browser, page);
    expect(signedIn.response).toBeUndefined();
    expect(accessTokenOf(signedIn.url)).toBeTruthy();
  });

  it('signs in with an SMS code while the password line is full (no hash to wait for)', async () => {
    const held = fillPasswordLine();
    const browser = new CookieBrowser();
    const { interactionUrl } = await openInteraction(server, browser);
    const sent = await requestSmsCode(server, browser, interactionUrl, DEMO_MOBILE, 'SignIn');
    expect(sent.body.ok).toBe(true);
    const result = await browser.follow(`${interactionUrl}/sms`, callbackUrlOf(server), {
      form: { mobile: DEMO_MOBILE, code: sent.code! },
    });
    expect(decodeJwt(accessTokenOf(result.url)!).sub).toBe(String(server.demoUserId));
    release!();
    await held;
  });

  it('sign-up past capacity keeps its SMS code unspent: the same form goes through once the line moves', async () => {
    const browser = new CookieBrowser();
    const { interactionUrl } = await openInteraction(server, browser);
    const mobile = '13700137001';
    const sent = await requestSmsCode(server, browser, interactionUrl, mobile, 'SignUp');
    expect(sent.body.ok).toBe(true);
    const form = {
      mobile,
      code: sent.code!,
      name: '排队者',
      password: 'Morning@2026',
      confirmPassword: 'Morning@2026',
      agree: '1',
    };
    const held = fillPasswordLine();
    const refused = await browser.request(`${interactionUrl}/signup`, { form });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const page = await refused.text();
    expect(page).toMatch(new RegExp(`${WAITING_LINE_MESSAGE}，预计 \\d+ 秒`));
    expect(page).toContain(`value="${mobile}"`);
    expect(page).toContain('value="排队者"');
    release!();
    await held;
    const signedUp = await browser.follow(`${interactionUrl}/signup`, callbackUrlOf(server), {
      form,
    });
    expect(accessTokenOf(signedUp.url)).toBeTruthy();
  });

  it("User/UpdateLoginPwd past capacity is the SPA's waiting line: 503, Retry-After, its turn in the answer", async () => {
    const browser = new CookieBrowser();
    const { page } = await openInteraction(server, browser);
    const token = accessTokenOf((await postPassword(browser, page)).url);
    expect(token).toBeTruthy();
    const held = fillPasswordLine();
    const response = await fetch(
      `${server.baseUrl}/services/${updateLoginPwd.service}${updateLoginPwd.path}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ OldPassword: DEMO_PASSWORD, NewPassword: 'Morning@2026' }),
      },
    );
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = (await response.json()) as { ErrMsg: string; Data: { RetryAfterSeconds: number } };
    expect(body.ErrMsg).toBe(WAITING_LINE_MESSAGE);
    expect(body.Data.RetryAfterSeconds).toBeGreaterThanOrEqual(1);
    release!();
    await held;
  });
});
