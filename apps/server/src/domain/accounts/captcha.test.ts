import { CAPTCHA_SCENE } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../../platform/deps.js';
import { createMemoryStore } from '../../platform/kv-store.js';
import { solveProofOfWork } from '../../testing/proof-of-work.js';
import {
  ADDRESS_CHALLENGES_PER_STEP,
  CHALLENGE_TTL_SECONDS,
  checkCaptcha,
  consumeCaptchaToken,
  createCaptchaChallenge,
  FAILURES_PER_STEP,
  MOBILE_CHALLENGES_PER_STEP,
} from './captcha.js';
import { DomainError } from '../errors.js';

const LEVELS = [4, 8, 16, 32];
const ADDRESS = '203.0.113.9';
const MOBILE = '13800000001';

function captchaDeps(options: { aliyun?: (token: string) => boolean } = {}) {
  return {
    store: createMemoryStore(),
    config: {
      aliyunNvcAppKey: options.aliyun ? 'FFFF0N000000000063E3' : '',
      captcha: { cost: 1, levels: LEVELS },
    },
    secrets: { captchaKey: 'test-captcha-key' },
    gateways: options.aliyun
      ? { captcha: { verify: async ({ token }: { token: string }) => options.aliyun!(token) } }
      : {},
  } as unknown as Pick<AppDeps, 'store' | 'config' | 'gateways' | 'secrets'>;
}

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (e: unknown) => (e instanceof DomainError ? e.status : 500),
  );

/** A challenge for the number from the address, solved as a browser would. */
async function solved(deps: ReturnType<typeof captchaDeps>, mobile = MOBILE, clientIp = ADDRESS) {
  const { Challenge } = await createCaptchaChallenge(deps, { clientIp, mobile });
  return { Scene: CAPTCHA_SCENE, Challenge, Solution: await solveProofOfWork(Challenge) };
}

const levelOf = async (deps: ReturnType<typeof captchaDeps>, mobile?: string, clientIp = ADDRESS) =>
  (await createCaptchaChallenge(deps, { clientIp, mobile })).Challenge.parameters.data?.level;

afterEach(() => {
  vi.useRealTimers();
});

describe('the proof of work (ALTCHA)', () => {
  it('a right solution earns a CaptchaToken for that number, spent once', async () => {
    const deps = captchaDeps();
    const { captchaToken } = await checkCaptcha(deps, await solved(deps), ADDRESS);
    const spend = () => consumeCaptchaToken(deps, captchaToken, CAPTCHA_SCENE, ADDRESS, MOBILE);
    expect(await statusOf(spend())).toBe(200);
    expect(await statusOf(spend())).toBe(419);
  });

  it('a replayed solution is refused: each challenge is judged once', async () => {
    const deps = captchaDeps();
    const proof = await solved(deps);
    await checkCaptcha(deps, proof, ADDRESS);
    await expect(checkCaptcha(deps, proof, ADDRESS)).rejects.toMatchObject({
      status: 400,
      fieldErrors: { Captcha: 'Failed' },
    });
  });

  it('a wrong solution is refused', async () => {
    const deps = captchaDeps();
    const proof = await solved(deps);
    const wrongKey = { ...proof.Solution, derivedKey: '00'.repeat(32) };
    await expect(
      checkCaptcha(deps, { ...proof, Solution: wrongKey }, ADDRESS),
    ).rejects.toMatchObject({ fieldErrors: { Captcha: 'Failed' } });
  });

  it('a challenge whose level was lowered by the browser is refused (it is signed)', async () => {
    const deps = captchaDeps();
    const proof = await solved(deps);
    const { parameters } = proof.Challenge;
    const eased = { ...proof.Challenge, parameters: { ...parameters, cost: parameters.cost + 1 } };
    await expect(checkCaptcha(deps, { ...proof, Challenge: eased }, ADDRESS)).rejects.toMatchObject(
      {
        fieldErrors: { Captcha: 'Failed' },
      },
    );
  });

  it('an expired challenge is refused as Timeout', async () => {
    const deps = captchaDeps();
    const proof = await solved(deps);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (CHALLENGE_TTL_SECONDS + 1) * 1000);
    await expect(checkCaptcha(deps, proof, ADDRESS)).rejects.toMatchObject({
      fieldErrors: { Captcha: 'Timeout' },
    });
  });

  it('a token of a challenge for one number cannot send codes to another', async () => {
    const deps = captchaDeps();
    const { captchaToken } = await checkCaptcha(deps, await solved(deps), ADDRESS);
    expect(
      await statusOf(
        consumeCaptchaToken(deps, captchaToken, CAPTCHA_SCENE, ADDRESS, '13900000002'),
      ),
    ).toBe(419);
  });

  it('the work rises with a burst of challenges from one address', async () => {
    const deps = captchaDeps();
    const levels = [];
    for (let i = 0; i < ADDRESS_CHALLENGES_PER_STEP * 2 + 1; i += 1)
      levels.push(await levelOf(deps, undefined));
    expect(levels[0]).toBe(0);
    expect(levels.at(-1)).toBe(2);
    // Another address is not made to pay for it.
    expect(await levelOf(deps, undefined, '198.51.100.1')).toBe(0);
  });

  it('the work rises with the challenges asked for one number, from any address', async () => {
    const deps = captchaDeps();
    for (let i = 0; i < MOBILE_CHALLENGES_PER_STEP; i += 1)
      await levelOf(deps, MOBILE, `198.51.100.${i}`);
    expect(await levelOf(deps, MOBILE, '198.51.100.200')).toBe(1);
    expect(await levelOf(deps, '13900000002', '198.51.100.201')).toBe(0);
  });

  it('the work rises after failed checks from an address, up to the highest level', async () => {
    const deps = captchaDeps();
    for (let i = 0; i < FAILURES_PER_STEP * 5; i += 1) {
      const proof = await solved(deps, `1390000${String(i).padStart(4, '0')}`, '192.0.2.1');
      await checkCaptcha(
        deps,
        { ...proof, Solution: { ...proof.Solution, derivedKey: 'ff'.repeat(32) } },
        '192.0.2.1',
      ).catch(() => undefined);
    }
    expect(await levelOf(deps, '13700000000', '192.0.2.1')).toBe(LEVELS.length - 1);
    const { Challenge } = await createCaptchaChallenge(deps, { clientIp: '192.0.2.1' });
    expect(Challenge.parameters.keyPrefix).toBeTruthy();
  });

  it('with an Aliyun NVC app key the token is judged by the captcha gateway', async () => {
    const deps = captchaDeps({ aliyun: (token) => token === 'nvc-pass' });
    expect(await statusOf(consumeCaptchaToken(deps, 'nvc-pass', CAPTCHA_SCENE, ADDRESS))).toBe(200);
    expect(await statusOf(consumeCaptchaToken(deps, 'nvc-block', CAPTCHA_SCENE, ADDRESS))).toBe(
      419,
    );
  });
});
