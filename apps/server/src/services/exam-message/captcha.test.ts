import { CAPTCHA_SCENE, checkCaptcha, getCaptchaChallenge } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { humanTrail, solveSlidePuzzle } from '../../testing/slide-puzzle-solver.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

describe('Captcha (local slide-to-verify)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A challenge, and where its gap is as read from the picture (TargetX: not sent). */
  const challenge = async () => {
    const data = (await t.call(getCaptchaChallenge, { Scene: CAPTCHA_SCENE })).body.Data;
    return { ...data, TargetX: solveSlidePuzzle(data) };
  };
  const decode = (dataUrl: string) =>
    PNG.sync.read(Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64'));

  it('gives a picture with the gap drawn in it and the piece, never where the gap is', async () => {
    const { status, body } = await t.call(getCaptchaChallenge, { Scene: CAPTCHA_SCENE });
    expect(status).toBe(200);
    const c = body.Data;
    expect(Object.keys(c).sort()).toEqual(
      [
        'ChallengeId',
        'ExpiresInSeconds',
        'Image',
        'ImageHeight',
        'Piece',
        'PieceWidth',
        'PieceY',
        'TrackWidth',
      ].sort(),
    );
    const image = decode(c.Image);
    expect([image.width, image.height]).toEqual([c.TrackWidth, c.ImageHeight]);
    const piece = decode(c.Piece);
    expect([piece.width, piece.height]).toEqual([c.PieceWidth, c.PieceWidth]);
    const x = solveSlidePuzzle(c);
    expect(x).toBeGreaterThan(c.PieceWidth);
    expect(x).toBeLessThanOrEqual(c.TrackWidth - c.PieceWidth);
    expect(c.ExpiresInSeconds).toBeGreaterThan(0);
  });

  it('the gap moves from one challenge to the next', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 6; i += 1) seen.add((await challenge()).TargetX);
    expect(seen.size).toBeGreaterThan(1);
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

  const failedWith = async (trail: (x: number) => { X: number; T: number }[]) => {
    const c = await challenge();
    const { status, body } = await t.call(checkCaptcha, {
      ChallengeId: c.ChallengeId,
      Scene: CAPTCHA_SCENE,
      X: c.TargetX,
      Trail: trail(c.TargetX),
    });
    expect(status).toBe(400);
    expect(body.Data).toEqual({ FieldErrors: { Captcha: 'Failed' } });
  };

  it('a drag at one constant speed (a script) is Failed, even released on the gap', async () => {
    await failedWith((x) => Array.from({ length: 10 }, (_, i) => ({ X: (x * i) / 9, T: i * 60 })));
  });

  it('a drag that starts at the gap (a jump) is Failed', async () => {
    await failedWith((x) => humanTrail(x).map((p) => ({ ...p, X: x })));
  });

  it('a drag that ends somewhere else than the released X is Failed', async () => {
    await failedWith((x) => humanTrail(x + 40));
  });

  it('a drag that wanders back and forth is Failed', async () => {
    await failedWith((x) => [
      ...humanTrail(x),
      ...humanTrail(x).map((p) => ({ X: x - p.X, T: p.T + 600 })),
      ...humanTrail(x).map((p) => ({ X: p.X, T: p.T + 1200 })),
    ]);
  });

  it('a drag that overshoots a little and comes back passes', async () => {
    const c = await challenge();
    const trail = [
      ...humanTrail(c.TargetX + 8),
      { X: c.TargetX + 4, T: 850 },
      { X: c.TargetX, T: 990 },
    ];
    const { status } = await t.call(checkCaptcha, {
      ChallengeId: c.ChallengeId,
      Scene: CAPTCHA_SCENE,
      X: c.TargetX,
      Trail: trail,
    });
    expect(status).toBe(200);
  });

  it('a failed try spends the challenge: the right answer after it is Timeout', async () => {
    const c = await challenge();
    const wrong = await t.call(checkCaptcha, {
      ChallengeId: c.ChallengeId,
      Scene: CAPTCHA_SCENE,
      X: c.TargetX + 30,
      Trail: humanTrail(c.TargetX + 30),
    });
    expect(wrong.body.Data).toEqual({ FieldErrors: { Captcha: 'Failed' } });
    const right = await t.call(checkCaptcha, {
      ChallengeId: c.ChallengeId,
      Scene: CAPTCHA_SCENE,
      X: c.TargetX,
      Trail: humanTrail(c.TargetX),
    });
    expect(right.body.Data).toEqual({ FieldErrors: { Captcha: 'Timeout' } });
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
