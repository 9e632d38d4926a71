import { CAPTCHA_SCENE } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../platform/deps.js';
import { createMemoryStore } from '../../platform/kv-store.js';
import {
  CHALLENGE_TTL_SECONDS,
  checkCaptcha,
  consumeCaptchaToken,
  createCaptchaChallenge,
} from './captcha.js';
import { humanTrail as trail, solveSlidePuzzle } from '../../testing/slide-puzzle-solver.js';
import { DomainError } from '../errors.js';

function depsWithClock(options: { aliyun?: (token: string) => boolean } = {}) {
  let clock = 1_700_000_000_000;
  const deps = {
    store: createMemoryStore(() => clock),
    config: { aliyunNvcAppKey: options.aliyun ? 'FFFF0N000000000063E3' : '' },
    gateways: options.aliyun
      ? { captcha: { verify: async ({ token }: { token: string }) => options.aliyun!(token) } }
      : {},
  } as unknown as Pick<AppDeps, 'store' | 'config' | 'gateways'>;
  return { deps, advance: (seconds: number) => (clock += seconds * 1000) };
}

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (e: unknown) => (e instanceof DomainError ? e.status : 500),
  );

describe('captcha rules', () => {
  it('a challenge past its TTL is Timeout', async () => {
    const { deps, advance } = depsWithClock();
    const c = await createCaptchaChallenge(deps);
    const x = solveSlidePuzzle(c);
    advance(CHALLENGE_TTL_SECONDS + 1);
    await expect(
      checkCaptcha(deps, {
        ChallengeId: c.ChallengeId,
        Scene: CAPTCHA_SCENE,
        X: x,
        Trail: trail(x),
      }),
    ).rejects.toMatchObject({ status: 400, fieldErrors: { Captcha: 'Timeout' } });
  });

  it('a CaptchaToken is spent once and lasts two minutes', async () => {
    const { deps, advance } = depsWithClock();
    const issue = async () => {
      const c = await createCaptchaChallenge(deps);
      const x = solveSlidePuzzle(c);
      return (
        await checkCaptcha(deps, {
          ChallengeId: c.ChallengeId,
          Scene: CAPTCHA_SCENE,
          X: x,
          Trail: trail(x),
        })
      ).captchaToken;
    };
    const token = await issue();
    expect(await statusOf(consumeCaptchaToken(deps, token, CAPTCHA_SCENE, '1.2.3.4'))).toBe(200);
    expect(await statusOf(consumeCaptchaToken(deps, token, CAPTCHA_SCENE, '1.2.3.4'))).toBe(419);
    const late = await issue();
    advance(121);
    expect(await statusOf(consumeCaptchaToken(deps, late, CAPTCHA_SCENE, '1.2.3.4'))).toBe(419);
    expect(await statusOf(consumeCaptchaToken(deps, 'made-up', CAPTCHA_SCENE, '1.2.3.4'))).toBe(
      419,
    );
  });

  it('with an Aliyun NVC app key the token is judged by the captcha gateway', async () => {
    const { deps } = depsWithClock({ aliyun: (token) => token === 'nvc-pass' });
    expect(await statusOf(consumeCaptchaToken(deps, 'nvc-pass', CAPTCHA_SCENE, '1.2.3.4'))).toBe(
      200,
    );
    expect(await statusOf(consumeCaptchaToken(deps, 'nvc-block', CAPTCHA_SCENE, '1.2.3.4'))).toBe(
      419,
    );
  });
});
