import {
  CAPTCHA_SCENE,
  checkCaptcha,
  getCaptchaChallenge,
  sendVerifyShortMessage,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveProofOfWork } from '../../testing/proof-of-work.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

describe('Captcha (the local proof of work, ALTCHA)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const challengeFor = async (mobile?: string) =>
    (
      await t.call(getCaptchaChallenge, {
        Scene: CAPTCHA_SCENE,
        ...(mobile ? { Mobile: mobile } : {}),
      })
    ).body.Data.Challenge;

  it('gives a signed PBKDF2 challenge with no picture and no answer in it', async () => {
    const { status, body } = await t.call(getCaptchaChallenge, { Scene: CAPTCHA_SCENE });
    expect(status).toBe(200);
    const { Challenge, ExpiresInSeconds } = body.Data;
    expect(Challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(Challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(Challenge.parameters.data).toMatchObject({ scene: CAPTCHA_SCENE, level: 0 });
    expect(JSON.stringify(Challenge)).not.toContain('counter');
    expect(ExpiresInSeconds).toBeGreaterThan(0);
  });

  it('does not name the number it is for', async () => {
    expect(JSON.stringify(await challengeFor('13800000009'))).not.toContain('13800000009');
  });

  it('refuses another scene', async () => {
    const { status, body } = await t.call(getCaptchaChallenge, { Scene: 'other' });
    expect(status).toBe(400);
    expect(body.ErrMsg).toMatch(/^参数不正确/);
  });

  it('a solved challenge earns a CaptchaToken; the same solution again is Failed', async () => {
    const Challenge = await challengeFor();
    const input = { Scene: CAPTCHA_SCENE, Challenge, Solution: await solveProofOfWork(Challenge) };
    const first = await t.call(checkCaptcha, input);
    expect(first.status).toBe(200);
    expect(first.body.Data.CaptchaToken).toEqual(expect.any(String));
    const again = await t.call(checkCaptcha, input);
    expect(again.status).toBe(400);
    expect(again.body.ErrMsg).toBe('安全验证未通过，请重新验证');
    expect(again.body.Data).toEqual({ FieldErrors: { Captcha: 'Failed' } });
  });

  it('a solution that is not the challenge’s is Failed', async () => {
    const Challenge = await challengeFor();
    const solution = await solveProofOfWork(Challenge);
    const { body } = await t.call(checkCaptcha, {
      Scene: CAPTCHA_SCENE,
      Challenge,
      Solution: {
        counter: solution.counter + 1,
        // Its first digit changed, always to another one.
        derivedKey: solution.derivedKey.replace(/^./, (digit) => (digit === 'f' ? '0' : 'f')),
      },
    });
    expect(body.Data).toEqual({ FieldErrors: { Captcha: 'Failed' } });
  });

  it('refuses a malformed solution with the field named', async () => {
    const { status, body } = await t.call(checkCaptcha, {
      Scene: CAPTCHA_SCENE,
      Challenge: await challengeFor(),
      Solution: { counter: 'many', derivedKey: '' },
    });
    expect(status).toBe(400);
    expect(body.Data).toMatchObject({ FieldErrors: { 'Solution.counter': expect.any(String) } });
  });

  it('SendVerifyShortMessage without a valid solution’s token is refused', async () => {
    const mobile = '13800000010';
    const send = (CaptchaToken: string, to = mobile) =>
      t.call(sendVerifyShortMessage, { Mobile: to, Scene: 'SignUp', CaptchaToken });
    expect((await send('')).status).toBe(400);
    expect((await send('made-up')).status).toBe(419);
    // A token earned for one number does not send codes to another.
    const Challenge = await challengeFor(mobile);
    const checked = await t.call(checkCaptcha, {
      Scene: CAPTCHA_SCENE,
      Challenge,
      Solution: await solveProofOfWork(Challenge),
    });
    expect((await send(checked.body.Data.CaptchaToken, '13800000011')).status).toBe(419);
  });
});
