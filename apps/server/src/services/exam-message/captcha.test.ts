import { CAPTCHA_SCENE, checkCaptcha, getCaptchaChallenge } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { humanTrail } from './sms-test-kit.js';

describe('Captcha (local slide-to-verify)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const challenge = async () =>
    (await t.call(getCaptchaChallenge, { Scene: CAPTCHA_SCENE })).body.Data;

  it('gives a challenge with a target inside the track', async () => {
    const { status, body } = await t.call(getCaptchaChallenge, { Scene: CAPTCHA_SCENE });
    expect(status).toBe(200);
    const c = body.Data;
    expect(c.TargetX).toBeGreaterThan(c.PieceWidth);
    expect(c.TargetX).toBeLessThanOrEqual(c.TrackWidth - c.PieceWidth);
    expect(c.ExpiresInSeconds).toBeGreaterThan(0);
  });

  it('refuses another scene', async () => {
    const { status, body } = await t.call(getCaptchaChallenge, { Scene: 'other' });
    expect(status).toBe(400);
    expect(body.ErrMsg).toMatch(/^参数不正确/);
  });

  it('a human drag released on the target earns a CaptchaToken', async () => {
    const c = await challenge();
    const { status, body } = await t.call(checkCaptcha, {
      ChallengeId: c.ChallengeId,
      Scene: CAPTCHA_SCENE,
      X: c.TargetX - 5,
      Trail: humanTrail(c.TargetX - 5),
    });
    expect(status).toBe(200);
    expect(body.Data.CaptchaToken.length).toBeGreaterThan(20);
  });

  it('a drag of fewer than 5 points is TooFast', async () => {
    const c = await challenge();
    const { status, body } = await t.call(checkCaptcha, {
      ChallengeId: c.ChallengeId,
      Scene: CAPTCHA_SCENE,
      X: c.TargetX,
      Trail: humanTrail(c.TargetX)
        .slice(0, 4)
        .map((p, i) => ({ ...p, T: i * 200 })),
    });
    expect(status).toBe(400);
    expect(body.ErrMsg).toBe('操作过快，请重新滑动验证');
    expect(body.Data).toEqual({ FieldErrors: { Captcha: 'TooFast' } });
  });

  it('a drag under 300 ms is TooFast', async () => {
    const c = await challenge();
    const { body } = await t.call(checkCaptcha, {
      ChallengeId: c.ChallengeId,
      Scene: CAPTCHA_SCENE,
      X: c.TargetX,
      Trail: humanTrail(c.TargetX).map((p, i) => ({ ...p, T: i * 20 })),
    });
    expect(body.Data).toEqual({ FieldErrors: { Captcha: 'TooFast' } });
  });

  it('a release more than 6 px from the target is Failed', async () => {
    const c = await challenge();
    const { status, body } = await t.call(checkCaptcha, {
      ChallengeId: c.ChallengeId,
      Scene: CAPTCHA_SCENE,
      X: c.TargetX + 7,
      Trail: humanTrail(c.TargetX + 7),
    });
    expect(status).toBe(400);
    expect(body.ErrMsg).toBe('验证未通过，请将滑块拖到缺口处');
    expect(body.Data).toEqual({ FieldErrors: { Captcha: 'Failed' } });
  });

  it('an unknown or already judged challenge is Timeout', async () => {
    const unknown = await t.call(checkCaptcha, {
      ChallengeId: 'nope',
      Scene: CAPTCHA_SCENE,
      X: 100,
      Trail: humanTrail(100),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.ErrMsg).toBe('验证已超时，请重新验证');
    expect(unknown.body.Data).toEqual({ FieldErrors: { Captcha: 'Timeout' } });

    const c = await challenge();
    const input = {
      ChallengeId: c.ChallengeId,
      Scene: CAPTCHA_SCENE,
      X: c.TargetX,
      Trail: humanTrail(c.TargetX),
    };
    expect((await t.call(checkCaptcha, input)).status).toBe(200);
    expect((await t.call(checkCaptcha, input)).body.Data).toEqual({
      FieldErrors: { Captcha: 'Timeout' },
    });
  });

  it('refuses a malformed trail with the field named', async () => {
    const { status, body } = await t.call(checkCaptcha, {
      ChallengeId: 'x',
      Scene: CAPTCHA_SCENE,
      X: 'far',
      Trail: [],
    });
    expect(status).toBe(400);
    expect(body.Data).toMatchObject({ FieldErrors: { X: expect.any(String) } });
  });
});
