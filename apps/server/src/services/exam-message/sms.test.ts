import { randomBytes } from 'node:crypto';
import {
  CAPTCHA_SCENE,
  sendVerifyShortMessage,
  verifyShortMessage,
  type SmsScene,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainError } from '../../domain/errors.js';
import { checkCaptcha, createCaptchaChallenge } from '../../domain/accounts/captcha.js';
import {
  consumeVerifyToken,
  endSmsCooldown,
  sendSmsCode,
  verifySmsCode,
  VERIFY_TOKEN_TTL_SECONDS,
} from '../../domain/accounts/sms.js';
import { createRedisStore } from '../../platform/kv-store.js';
import { solveProofOfWork } from '../../testing/proof-of-work.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { lastSmsCode, obtainVerifyToken, passCaptcha } from './sms-test-kit.js';

const DEMO = '13800138000';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('ShortMessage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let address = 0;
  /** A new address each call unless told, so only the tests about an address meet its limits. */
  const send = async (
    mobile: string,
    scene: SmsScene,
    options: { as?: number; from?: string } = {},
  ) =>
    t.call(
      sendVerifyShortMessage,
      { Mobile: mobile, Scene: scene, CaptchaToken: await passCaptcha(t, mobile) },
      {
        remoteAddress: options.from ?? `10.1.0.${++address}`,
        ...(options.as === undefined ? {} : { as: options.as }),
      },
    );
  const verify = (mobile: string, scene: SmsScene, code: string, from: string) =>
    t.call(
      verifyShortMessage,
      { Mobile: mobile, Scene: scene, Code: code },
      { remoteAddress: from },
    );
  const wrongFor = (code: string) => (code === '999999' ? '888888' : '999999');

  it('sends a 6-digit code after a captcha and shows it in the development outbox', async () => {
    const { status, body } = await send(DEMO, 'SignIn');
    expect(status).toBe(200);
    expect(body.Data).toEqual({ ResendAfterSeconds: 60, ExpiresInSeconds: 300 });
    expect(await lastSmsCode(t, DEMO)).toMatch(/^\d{6}$/);
    const outbox = await t.app.inject({
      method: 'GET',
      url: `/gateways/sms/outbox?mobile=${DEMO}`,
    });
    expect(outbox.json()).toMatchObject({
      Items: [{ Mobile: DEMO, Text: expect.stringContaining('登录'), SentAt: expect.any(String) }],
    });
  });

  it('a second send within 60 s from the same address is 429 with the seconds left', async () => {
    expect((await send(DEMO, 'ResetPassword', { from: '10.2.0.1' })).status).toBe(200);
    const { status, body } = await send(DEMO, 'ResetPassword', { from: '10.2.0.1' });
    expect(status).toBe(429);
    expect(body.ErrMsg).toMatch(/^验证码发送过于频繁，请\d+秒后再试$/);
  });

  it("a stranger's resend wait holds up no one else: another address or scene sends at once", async () => {
    const mobile = '13700001111';
    expect((await send(mobile, 'SignUp', { from: '10.2.0.2' })).status).toBe(200);
    expect((await send(mobile, 'SignUp', { from: '10.2.0.3' })).status).toBe(200);
    expect((await send(mobile, 'SignIn', { from: '10.2.0.2' })).status).toBe(200);
  });

  it('without a captcha token: 400; with a made-up or spent one: 419', async () => {
    const missing = await t.call(sendVerifyShortMessage, {
      Mobile: DEMO,
      Scene: 'SignIn',
      CaptchaToken: '',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.Data).toMatchObject({ FieldErrors: { CaptchaToken: '请先完成安全验证' } });
    const forged = await t.call(sendVerifyShortMessage, {
      Mobile: DEMO,
      Scene: 'SignIn',
      CaptchaToken: 'forged',
    });
    expect(forged.status).toBe(419);
    expect(forged.body.ErrMsg).toBe('请重新完成安全验证');
    const token = await passCaptcha(t, '13900139000');
    const first = await t.call(sendVerifyShortMessage, {
      Mobile: '13900139000',
      Scene: 'SignIn',
      CaptchaToken: token,
    });
    expect(first.status).toBe(200);
    const again = await t.call(sendVerifyShortMessage, {
      Mobile: '13900139000',
      Scene: 'SignIn',
      CaptchaToken: token,
    });
    expect(again.status).toBe(419);
  });

  it('refuses a malformed number with the field named', async () => {
    const { status, body } = await t.call(sendVerifyShortMessage, {
      Mobile: '1234',
      Scene: 'SignIn',
      CaptchaToken: 'x',
    });
    expect(status).toBe(400);
    expect(body.Data).toMatchObject({ FieldErrors: { Mobile: '请填写正确的11位手机号码' } });
  });

  it('answers alike whether or not a number has an account (no enumeration)', async () => {
    const registered = '13900139000';
    const unknown = '13512345678';
    for (const scene of ['SignIn', 'SignUp'] as const) {
      const [a, b] = [await send(registered, scene), await send(unknown, scene)];
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body).toEqual(b.body);
    }
    // A SignIn code for an unknown number is never sent, and verifying it fails like a wrong code.
    expect(await lastSmsCode(t, unknown)).toMatch(/^\d{6}$/); // the SignUp one
    const guess = await t.call(verifyShortMessage, {
      Mobile: unknown,
      Scene: 'SignIn',
      Code: '123456',
    });
    expect(guess.status).toBe(400);
    expect(guess.body.ErrMsg).toBe('验证码不正确');
  });

  it('counts the limits before any lookup: a limited caller learns nothing either', async () => {
    const app = await createTestApp();
    try {
      for (let i = 0; i < 20; i++)
        await app.call(sendVerifyShortMessage, {
          Mobile: `1580000${String(i).padStart(4, '0')}`,
          Scene: 'SignUp',
          CaptchaToken: await passCaptcha(app, `1580000${String(i).padStart(4, '0')}`),
        });
      const answers = [];
      for (const Mobile of [DEMO, '13512345679'])
        answers.push(
          await app.call(sendVerifyShortMessage, {
            Mobile,
            Scene: 'SignIn',
            CaptchaToken: await passCaptcha(app, Mobile),
          }),
        );
      expect(answers.map((a) => a.status)).toEqual([429, 429]);
      // Alike but for the id each refusal gives its own request.
      expect(answers[0]!.body).toEqual({ ...answers[1]!.body, RequestId: expect.any(String) });
    } finally {
      await app.close();
    }
  });

  it('CloseAccount and ChangeMobile need a sign-in and check only the number of the caller', async () => {
    const sendAfresh = async (mobile: string, scene: SmsScene, as?: number) =>
      (await send(mobile, scene, as === undefined ? {} : { as })).status;
    expect(await sendAfresh('13512345678', 'CloseAccount')).toBe(401);
    expect(await sendAfresh('13612345678', 'ChangeMobile')).toBe(401);
    expect(await sendAfresh('13900139000', 'CloseAccount', t.demoUserId)).toBe(400);
    expect(await sendAfresh(DEMO, 'ChangeMobile', t.demoUserId)).toBe(400);
    // Another account's number: the code goes to that phone; User/ChangeMobile refuses it later.
    expect(await sendAfresh('13900139000', 'ChangeMobile', t.demoUserId)).toBe(200);
    expect(await sendAfresh('13612345678', 'ChangeMobile', t.demoUserId)).toBe(200);
  });

  it('a right code is spent at once for a VerifyToken; a wrong one is 400', async () => {
    const mobile = '13711112222';
    await send(mobile, 'SignUp');
    const wrong = await t.call(verifyShortMessage, {
      Mobile: mobile,
      Scene: 'SignUp',
      Code: '000000' === (await lastSmsCode(t, mobile)) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ErrMsg).toBe('验证码不正确');
    expect(wrong.body.Data).toMatchObject({ FieldErrors: { Code: expect.any(String) } });
    const code = await lastSmsCode(t, mobile);
    const right = await t.call(verifyShortMessage, { Mobile: mobile, Scene: 'SignUp', Code: code });
    expect(right.status).toBe(200);
    expect(right.body.Data.ExpiresInSeconds).toBe(600);
    const reused = await t.call(verifyShortMessage, {
      Mobile: mobile,
      Scene: 'SignUp',
      Code: code,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.ErrMsg).toBe('验证码已过期，请重新获取');
    // The code belongs to its scene.
    const otherScene = await t.call(verifyShortMessage, {
      Mobile: mobile,
      Scene: 'SignIn',
      Code: code,
    });
    expect(otherScene.status).toBe(400);
  });

  it('five wrong tries from the address that asked for the code burn it', async () => {
    const mobile = '13722223333';
    await send(mobile, 'SignUp', { from: '10.3.0.1' });
    const code = await lastSmsCode(t, mobile);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push((await verify(mobile, 'SignUp', wrongFor(code), '10.3.0.1')).body.ErrMsg);
    expect(messages.slice(0, 4)).toEqual(Array(4).fill('验证码不正确'));
    expect(messages[4]).toBe('验证码错误次数过多，请重新获取');
    expect((await verify(mobile, 'SignUp', code, '10.3.0.1')).status).toBe(400);
    expect((await verify(mobile, 'SignUp', code, '10.3.0.2')).status).toBe(400);
  });

  it('twenty wrong tries from any addresses burn it', async () => {
    const mobile = '13722225555';
    await send(mobile, 'SignUp', { from: '10.3.1.1' });
    const code = await lastSmsCode(t, mobile);
    for (let i = 0; i < 20; i++) await verify(mobile, 'SignUp', wrongFor(code), `10.3.2.${i % 4}`);
    const late = await verify(mobile, 'SignUp', code, '10.3.1.1');
    expect(late.status).toBe(400);
    expect(late.body.ErrMsg).toBe('验证码已过期，请重新获取');
  });

  it('guesses sent at once get no more than five tries between them', async () => {
    const mobile = '13722224444';
    await send(mobile, 'SignUp', { from: '10.3.3.1' });
    const code = await lastSmsCode(t, mobile);
    const wrongCodes = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      wrongCodes.map((Code) => verify(mobile, 'SignUp', Code, '10.3.3.1')),
    );
    expect(answers.filter((a) => a.body.ErrMsg === '验证码不正确').length).toBeLessThanOrEqual(4);
    expect((await verify(mobile, 'SignUp', code, '10.3.3.1')).status).toBe(400);
  });

  it('refuses a code that is not 6 digits', async () => {
    const { status, body } = await t.call(verifyShortMessage, {
      Mobile: DEMO,
      Scene: 'SignIn',
      Code: '12ab',
    });
    expect(status).toBe(400);
    expect(body.Data).toMatchObject({ FieldErrors: { Code: '请填写6位短信验证码' } });
  });

  it('a VerifyToken works once, only for its number and scene', async () => {
    const mobile = '13733334444';
    const token = await obtainVerifyToken(t, mobile, 'SignUp');
    const status = (p: Promise<unknown>) =>
      p.then(
        () => 200,
        (e: DomainError) => e.status,
      );
    expect(await status(consumeVerifyToken(t.deps, { token, mobile, scene: 'SignIn' }))).toBe(419);
    const again = () => endSmsCooldown(t.deps, { mobile, scene: 'SignUp', clientIp: '127.0.0.1' });
    await again();
    const token2 = await obtainVerifyToken(t, mobile, 'SignUp');
    expect(
      await status(
        consumeVerifyToken(t.deps, { token: token2, mobile: '13733335555', scene: 'SignUp' }),
      ),
    ).toBe(419);
    await again();
    const token3 = await obtainVerifyToken(t, mobile, 'SignUp');
    expect(
      await status(consumeVerifyToken(t.deps, { token: token3, mobile, scene: 'SignUp' })),
    ).toBe(200);
    expect(
      await status(consumeVerifyToken(t.deps, { token: token3, mobile, scene: 'SignUp' })),
    ).toBe(419);
  });

  it('at most 10 codes a day per number and scene, 5 of them from one address', async () => {
    const mobile = '13744445555';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await send(mobile, 'SignUp')).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const fromOne: number[] = [];
    for (let i = 0; i < 6; i++) {
      await endSmsCooldown(t.deps, { mobile, scene: 'SignIn', clientIp: '10.4.0.1' });
      fromOne.push((await send(mobile, 'SignIn', { from: '10.4.0.1' })).status);
    }
    expect(fromOne).toEqual([...Array(5).fill(200), 429]);
    expect((await send(mobile, 'SignIn', { from: '10.4.0.2' })).status).toBe(200);
  });

  it('at most 20 codes an hour per address', async () => {
    const app = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++)
        statuses.push(
          (
            await app.call(sendVerifyShortMessage, {
              Mobile: `1580000${String(i).padStart(4, '0')}`,
              Scene: 'SignUp',
              CaptchaToken: await passCaptcha(app, `1580000${String(i).padStart(4, '0')}`),
            })
          ).status,
        );
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses[20]).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('exports sendSmsCode/verifySmsCode for the identity provider', async () => {
    const mobile = '13755556666';
    await sendSmsCode(t.deps, {
      mobile,
      scene: 'SignUp',
      captchaToken: await passCaptcha(t, mobile),
      clientIp: '10.0.0.9',
    });
    const { verifyToken } = await verifySmsCode(t.deps, {
      mobile,
      scene: 'SignUp',
      code: await lastSmsCode(t, mobile),
      clientIp: '10.0.0.9',
    });
    await expect(
      consumeVerifyToken(t.deps, { token: verifyToken, mobile, scene: 'SignUp' }),
    ).resolves.toBeUndefined();
  });

  it('a failing SMS gateway is 503 and leaves no code behind', async () => {
    const mobile = '13766667777';
    const deps = {
      ...t.deps,
      gateways: {
        ...t.deps.gateways,
        sms: {
          send: async () => {
            throw new Error('down');
          },
        },
      },
    };
    await expect(
      sendSmsCode(deps, {
        mobile,
        scene: 'SignUp',
        captchaToken: await passCaptcha(t, mobile),
        clientIp: '10.0.0.9',
      }),
    ).rejects.toMatchObject({ status: 503, message: '短信发送失败，请稍后再试' });
    await expect(
      verifySmsCode(t.deps, { mobile, scene: 'SignUp', code: '123456', clientIp: '10.0.0.9' }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('ShortMessage code expiry', () => {
  it('an expired code is 400 验证码已过期，请重新获取', async () => {
    const t = await createTestApp();
    try {
      const mobile = '13777778888';
      await sendSmsCode(t.deps, {
        mobile,
        scene: 'SignUp',
        captchaToken: await passCaptcha(t, mobile),
        clientIp: '10.0.0.1',
      });
      // Expire it as the store would after 300 s.
      await t.deps.store.delete(`sms:code:SignUp:${mobile}`);
      const { status, body } = await t.call(verifyShortMessage, {
        Mobile: mobile,
        Scene: 'SignUp',
        Code: '123456',
      });
      expect(status).toBe(400);
      expect(body.ErrMsg).toBe('验证码已过期，请重新获取');
    } finally {
      await t.close();
    }
  });

  it('the outbox is absent when SMS_DEV_OUTBOX is off', async () => {
    const t = await createTestApp({ env: { SMS_DEV_OUTBOX: 'off' } });
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: `/gateways/sms/outbox?mobile=${DEMO}`,
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('a stranger cannot lock a candidate out of their codes (issue 25, finding 9)', () => {
  const OWNER = '13800138000';
  const OTHER_OWNER = '13900139000';
  let t: TestApp;
  let clock = Date.parse('2026-03-02T02:00:00Z');
  beforeAll(async () => {
    t = await createTestApp();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });
  /** A scripted stranger waits out every resend wait. */
  const aMinuteLater = () => vi.setSystemTime((clock += 61_000));
  const send = async (mobile: string, scene: SmsScene, from: string) =>
    t.call(
      sendVerifyShortMessage,
      { Mobile: mobile, Scene: scene, CaptchaToken: await passCaptcha(t, mobile) },
      { remoteAddress: from },
    );
  const verify = (mobile: string, scene: SmsScene, code: string, from: string) =>
    t.call(
      verifyShortMessage,
      { Mobile: mobile, Scene: scene, Code: code },
      { remoteAddress: from },
    );

  it("a stranger's sign-up requests to the owner's number spend none of the owner's reset codes", async () => {
    const strangers: number[] = [];
    for (let i = 1; i <= 12; i++) {
      aMinuteLater();
      strangers.push((await send(OWNER, 'SignUp', `203.0.113.${i}`)).status);
    }
    expect(strangers).toEqual([...Array(10).fill(200), 429, 429]);
    const owner = await send(OWNER, 'ResetPassword', '198.51.100.1');
    expect(owner.status).toBe(200);
    const code = await lastSmsCode(t, OWNER);
    expect((await verify(OWNER, 'ResetPassword', code, '198.51.100.1')).status).toBe(200);
  });

  it("one stranger's address spends at most half of the owner's codes of a scene", async () => {
    const stranger: number[] = [];
    for (let i = 0; i < 10; i++) {
      aMinuteLater();
      stranger.push((await send(OTHER_OWNER, 'ResetPassword', '203.0.113.50')).status);
    }
    expect(stranger).toEqual([...Array(5).fill(200), ...Array(5).fill(429)]);
    expect((await send(OTHER_OWNER, 'ResetPassword', '198.51.100.2')).status).toBe(200);
    const code = await lastSmsCode(t, OTHER_OWNER);
    expect((await verify(OTHER_OWNER, 'ResetPassword', code, '198.51.100.2')).status).toBe(200);
  });

  it('a stranger moving through the addresses of one IPv6 /64 is one address', async () => {
    const mobile = '13700003333';
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      aMinuteLater();
      statuses.push((await send(mobile, 'SignUp', `2001:db8:66:1::${i}`)).status);
    }
    expect(statuses).toEqual([...Array(5).fill(200), 429]);
  });

  it("a stranger's wrong tries do not burn the owner's pending code", async () => {
    aMinuteLater();
    expect((await send(OWNER, 'SignIn', '198.51.100.3')).status).toBe(200);
    const code = await lastSmsCode(t, OWNER);
    const wrong = code === '999999' ? '888888' : '999999';
    const stranger: string[] = [];
    for (let i = 0; i < 8; i++)
      stranger.push((await verify(OWNER, 'SignIn', wrong, '203.0.113.60')).body.ErrMsg);
    expect(stranger).toEqual([
      ...Array(4).fill('验证码不正确'),
      ...Array(4).fill('验证码错误次数过多，请重新获取'),
    ]);
    expect((await verify(OWNER, 'SignIn', code, '198.51.100.3')).status).toBe(200);
  });
});

describe('the SMS limits on Redis', () => {
  const OWNER = '13800138000';
  let t: TestApp;
  let deps: TestApp['deps'];
  beforeAll(async () => {
    t = await createTestApp();
    const prefix = `portal-test-${randomBytes(4).toString('hex')}:`;
    deps = { ...t.deps, store: createRedisStore(REDIS_URL, prefix) };
  });
  afterAll(async () => {
    const { client, prefix } = deps.store.redis!;
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await deps.store.close();
    await t.close();
  });
  /** The proof of work done against the Redis store, as a browser would. */
  const captchaToken = async (clientIp: string) => {
    const { Challenge } = await createCaptchaChallenge(deps, { clientIp, mobile: OWNER });
    const solution = await solveProofOfWork(Challenge);
    const checked = await checkCaptcha(
      deps,
      { Scene: CAPTCHA_SCENE, Challenge, Solution: solution },
      clientIp,
    );
    return { captchaToken: checked.captchaToken, clientIp };
  };
  const send = async (scene: SmsScene, clientIp: string) =>
    sendSmsCode(deps, { mobile: OWNER, scene, ...(await captchaToken(clientIp)) }).then(
      () => 200,
      (error: DomainError) => error.status,
    );

  it("a stranger spends none of the owner's reset codes, nor burns the owner's pending code", async () => {
    const strangers: number[] = [];
    for (let i = 1; i <= 11; i++) strangers.push(await send('SignUp', `203.0.113.${i}`));
    expect(strangers).toEqual([...Array(10).fill(200), 429]);
    expect(await send('ResetPassword', '198.51.100.1')).toBe(200);
    const code = await lastSmsCode(t, OWNER);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 8; i++)
      await expect(
        verifySmsCode(deps, {
          mobile: OWNER,
          scene: 'ResetPassword',
          code: wrong,
          clientIp: '203.0.113.99',
        }),
      ).rejects.toMatchObject({ status: 400 });
    await expect(
      verifySmsCode(deps, {
        mobile: OWNER,
        scene: 'ResetPassword',
        code,
        clientIp: '198.51.100.1',
      }),
    ).resolves.toMatchObject({ expiresInSeconds: VERIFY_TOKEN_TTL_SECONDS });
  });
});
