import {
  CAPTCHA_SCENE,
  changeMobile,
  checkCaptcha,
  closeAccount,
  getCaptchaChallenge,
  getUser,
  sendVerifyShortMessage,
  updateLoginPwd,
  verifyShortMessage,
  type SmsScene,
} from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oidcPayloads } from '../db/schema/index.js';
import { solveProofOfWork } from '../testing/proof-of-work.js';
import { FREE_TRIES_PER_MOBILE } from '../platform/attempt-limiter.js';
import { createUser } from '../domain/accounts/sign-in.js';
import {
  accessTokenOf,
  callbackUrlOf,
  CookieBrowser,
  openInteraction,
  requestSmsCode,
  signInWithPasswordForm,
  spaAuthorizeUrl,
  useIdentityTestServer,
} from './test-server.js';

const server = useIdentityTestServer();

const PASSWORD = 'Start@2024';

let lastMobile = 13_750_000_000;
/** A fresh account, so no other test's sessions are touched. */
async function newAccount(): Promise<{ id: number; mobile: string }> {
  const mobile = String((lastMobile += 1));
  const created = await createUser(server.db, {
    mobile,
    name: '周八',
    password: PASSWORD,
    agreed: { address: null, at: new Date() },
  });
  if (!created.ok) throw new Error(created.message);
  return { id: created.userId, mobile };
}

/** A device signed in through the form: its provider session (cookies) and its access token. */
async function signIn(mobile: string, password = PASSWORD) {
  const browser = new CookieBrowser();
  const { url } = await signInWithPasswordForm(
    server,
    browser,
    spaAuthorizeUrl(server).url,
    mobile,
    password,
  );
  const token = accessTokenOf(url);
  if (!token) throw new Error(`not signed in: ${url}`);
  return { browser, token };
}

/** A new token from the browser's provider session without the form; null when it must sign in. */
async function tokenFromSession(browser: CookieBrowser): Promise<string | null> {
  const { url } = await browser.follow(spaAuthorizeUrl(server).url, callbackUrlOf(server));
  return url.startsWith(callbackUrlOf(server)) ? accessTokenOf(url) : null;
}

/** The provider's own end-session page, confirmed with its xsrf (and `logout: 'yes'` for all). */
async function confirmEndSession(browser: CookieBrowser, form: { logout?: 'yes' }) {
  const page = await browser.request(
    `${server.issuer}/connect/endsession?client_id=${server.deps.config.oidcClientId}`,
  );
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(await page.text())?.[1];
  const confirmed = await browser.request(`${server.issuer}/connect/endsession/confirm`, {
    form: { xsrf: xsrf!, ...form },
  });
  expect(confirmed.status).toBeLessThan(400);
}

const sessionRowsOf = (userId: number) =>
  server.db
    .select()
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.model, 'Session'),
        eq(sql`${oidcPayloads.payload}->>'accountId'`, String(userId)),
      ),
    );

const getUserStatus = async (token: string) => (await server.call(getUser, {}, token)).status;

type Device = Awaited<ReturnType<typeof signIn>>;
/** The device that made the change is still signed in; the other one, token and cookie, is not. */
async function expectOnlyStillSignedIn(changing: Device, other: Device): Promise<void> {
  expect(await getUserStatus(other.token)).toBe(401);
  expect(await tokenFromSession(other.browser)).toBeNull();
  expect(await getUserStatus(changing.token)).toBe(200);
  expect(await getUserStatus((await tokenFromSession(changing.browser))!)).toBe(200);
}

/** Proof of work, SMS, Verify: a VerifyToken for {mobile, scene}, as the web gets one. */
async function verifyTokenFor(mobile: string, scene: SmsScene, token: string): Promise<string> {
  const challenge = await server.call(getCaptchaChallenge, {
    Scene: CAPTCHA_SCENE,
    Mobile: mobile,
  });
  const { Challenge } = challenge.body.Data;
  const checked = await server.call(checkCaptcha, {
    Scene: CAPTCHA_SCENE,
    Challenge,
    Solution: await solveProofOfWork(Challenge),
  });
  const sentBefore = server.sentSms.length;
  const sent = await server.call(
    sendVerifyShortMessage,
    { Mobile: mobile, Scene: scene, CaptchaToken: checked.body.Data.CaptchaToken },
    token,
  );
  if (sent.status !== 200) throw new Error(`sms refused: ${sent.body.ErrMsg}`);
  const text = server.sentSms.slice(sentBefore).find((m) => m.mobile === mobile)?.text ?? '';
  const verified = await server.call(verifyShortMessage, {
    Mobile: mobile,
    Scene: scene,
    Code: /(\d{6})/.exec(text)?.[1] ?? '',
  });
  if (verified.status !== 200) throw new Error(`verify refused: ${verified.body.ErrMsg}`);
  return verified.body.Data.VerifyToken;
}

describe('signing out ends the session and every token issued in it', () => {
  it('Auth/OutLogin: the token the phone held a second before gets 401, its copied session cookie mints nothing, the other device stays', async () => {
    const { mobile } = await newAccount();
    const phone = await signIn(mobile);
    const desktop = await signIn(mobile);
    const copied = phone.browser.copy();
    expect(await getUserStatus(phone.token)).toBe(200);

    await phone.browser.request(`${server.issuer}/Auth/OutLogin`);

    expect(await getUserStatus(phone.token)).toBe(401);
    expect(await tokenFromSession(copied)).toBeNull();
    expect(await getUserStatus(desktop.token)).toBe(200);
    const fresh = await tokenFromSession(desktop.browser);
    expect(await getUserStatus(fresh!)).toBe(200);
  });

  it("the provider's own end-session page: its tokens get 401 as well", async () => {
    const { mobile } = await newAccount();
    const phone = await signIn(mobile);
    await confirmEndSession(phone.browser, { logout: 'yes' });

    expect(await getUserStatus(phone.token)).toBe(401);
    expect(await tokenFromSession(phone.browser)).toBeNull();
  });

  it("the provider's end-session page without logout=yes ends the asking client's part: its tokens get 401", async () => {
    const { mobile } = await newAccount();
    const phone = await signIn(mobile);
    await confirmEndSession(phone.browser, {});

    expect(await getUserStatus(phone.token)).toBe(401);
  });

  it('a sign-out confirmation with a wrong xsrf ends nothing', async () => {
    const { mobile } = await newAccount();
    const phone = await signIn(mobile);
    await phone.browser.request(
      `${server.issuer}/connect/endsession?client_id=${server.deps.config.oidcClientId}`,
    );
    const refused = await phone.browser.request(`${server.issuer}/connect/endsession/confirm`, {
      form: { xsrf: 'forged', logout: 'yes' },
    });
    expect(refused.status).toBe(400);

    expect(await getUserStatus(phone.token)).toBe(200);
  });
});

// The device that made the change stays signed in: it has just proved the password (or the new
// number) and its owner is looking at it; every other device is signed out at once.
describe('a password change ends every other session of the account', () => {
  it("User/UpdateLoginPwd: the other device's token gets 401 and its session cookie mints nothing; the changing device stays", async () => {
    const { mobile } = await newAccount();
    const phone = await signIn(mobile);
    const desktop = await signIn(mobile);

    const changed = await server.call(
      updateLoginPwd,
      { OldPassword: PASSWORD, NewPassword: 'Better2025x' },
      phone.token,
    );
    expect(changed.status).toBe(200);

    await expectOnlyStillSignedIn(phone, desktop);
    // The other device signs in again with the new password right away.
    const again = await signInWithPasswordForm(
      server,
      desktop.browser,
      spaAuthorizeUrl(server).url,
      mobile,
      'Better2025x',
    );
    expect(await getUserStatus(accessTokenOf(again.url)!)).toBe(200);
  });

  it('a session of the other device that was saved again after the change still mints nothing', async () => {
    const { id, mobile } = await newAccount();
    const phone = await signIn(mobile);
    const desktop = await signIn(mobile);
    const sessionsBefore = await sessionRowsOf(id);

    await server.call(
      updateLoginPwd,
      { OldPassword: PASSWORD, NewPassword: 'Better2025x' },
      phone.token,
    );
    // As a request of the desktop's, in flight during the change, would write its session back.
    await server.db.insert(oidcPayloads).values(sessionsBefore).onConflictDoNothing();

    expect(await tokenFromSession(desktop.browser)).toBeNull();
    expect(await getUserStatus((await tokenFromSession(phone.browser))!)).toBe(200);
  });

  it('forgot password (reset with an SMS code) ends every session of the account', async () => {
    const { mobile } = await newAccount();
    const phone = await signIn(mobile);
    const browser = new CookieBrowser();
    const { interactionUrl } = await openInteraction(server, browser);
    const sent = await requestSmsCode(server, browser, interactionUrl, mobile, 'ResetPassword');
    const reset = await browser.request(`${interactionUrl}/reset`, {
      form: { mobile, code: sent.code!, password: 'Again2025x', confirmPassword: 'Again2025x' },
    });
    expect(await reset.text()).toContain('密码已重置');

    expect(await getUserStatus(phone.token)).toBe(401);
    expect(await tokenFromSession(phone.browser)).toBeNull();
  });
});

describe('UpdateLoginPwd counts wrong old passwords like sign-in does', () => {
  it(`after ${FREE_TRIES_PER_MOBILE} wrong ones it answers 429 with a wait, even to the right one, and sign-in waits too`, async () => {
    const { mobile } = await newAccount();
    const { token } = await signIn(mobile);
    for (let i = 0; i < FREE_TRIES_PER_MOBILE; i += 1) {
      const wrong = await server.call(
        updateLoginPwd,
        { OldPassword: `Guess${i}x2024`, NewPassword: 'Better2025x' },
        token,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.ErrMsg).toBe('原密码不正确');
    }
    const right = await server.call(
      updateLoginPwd,
      { OldPassword: PASSWORD, NewPassword: 'Better2025x' },
      token,
    );
    expect(right.status).toBe(429);
    expect(right.body.ErrMsg).toMatch(/^尝试次数较多，请\d+秒后再试$/);

    const browser = new CookieBrowser();
    const { interactionUrl } = await openInteraction(server, browser);
    const signInTry = await browser.request(`${interactionUrl}/password`, {
      form: { mobile, password: PASSWORD },
    });
    expect(signInTry.status).toBe(429);
  });

  it('the right old password forgets the earlier failures', async () => {
    const { mobile } = await newAccount();
    const { token } = await signIn(mobile);
    const attempt = (OldPassword: string, NewPassword = 'Better2025x') =>
      server.call(updateLoginPwd, { OldPassword, NewPassword }, token);
    for (let i = 1; i < FREE_TRIES_PER_MOBILE; i += 1)
      expect((await attempt(`Guess${i}x2024`)).status).toBe(400);
    expect((await attempt(PASSWORD)).status).toBe(200);
    for (let i = 1; i < FREE_TRIES_PER_MOBILE; i += 1)
      expect((await attempt(`Guess${i}x2024`, 'Other2025x')).status).toBe(400);
    expect((await attempt('Better2025x', 'Other2025x')).status).toBe(200);
  });
});

describe('a number change ends every other session of the account', () => {
  it("User/ChangeMobile: the other device's token gets 401 and its session cookie mints nothing; the changing device stays", async () => {
    const { mobile } = await newAccount();
    const phone = await signIn(mobile);
    const desktop = await signIn(mobile);
    const newMobile = String((lastMobile += 1));

    const changed = await server.call(
      changeMobile,
      {
        Mobile: newMobile,
        VerifyToken: await verifyTokenFor(newMobile, 'ChangeMobile', phone.token),
        Password: PASSWORD,
      },
      phone.token,
    );
    expect(changed.status).toBe(200);

    await expectOnlyStillSignedIn(phone, desktop);
  });
});

describe('closing the account ends all its sessions', () => {
  it('User/CloseAccount: every token gets 401, no session cookie mints one, and the provider keeps none of its sessions or grants', async () => {
    const { id, mobile } = await newAccount();
    const phone = await signIn(mobile);
    const desktop = await signIn(mobile);

    const closed = await server.call(
      closeAccount,
      { VerifyToken: await verifyTokenFor(mobile, 'CloseAccount', phone.token) },
      phone.token,
    );
    expect(closed.status).toBe(200);

    const left = await server.db
      .select({ model: oidcPayloads.model })
      .from(oidcPayloads)
      .where(
        and(
          sql`${oidcPayloads.model} in ('Session', 'Grant')`,
          eq(sql`${oidcPayloads.payload}->>'accountId'`, String(id)),
        ),
      );
    expect(left).toEqual([]);
    for (const device of [phone, desktop]) {
      expect(await getUserStatus(device.token)).toBe(401);
      expect(await tokenFromSession(device.browser)).toBeNull();
    }
  });
});
