import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { CAPTCHA_SCENE, type AltchaChallenge } from '@portal/contracts';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { AppDeps } from '../../platform/deps.js';
import { count, counterFor, isOver, limitedAddress } from '../../platform/rate-limits.js';
import { badRequest, verificationExpired } from '../errors.js';

type CaptchaDeps = Pick<AppDeps, 'store' | 'config' | 'gateways' | 'secrets'>;

/** Long enough for the highest level on a slow phone; a spent challenge is remembered as long. */
export const CHALLENGE_TTL_SECONDS = 300;
export const CAPTCHA_TOKEN_TTL_SECONDS = 120;
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/**
 * Risk, counted in the shared store: each step raises the level by one. Challenges asked from one
 * address in ten minutes (a burst), for one number in an hour, and failed checks of either.
 */
const BURST_WINDOW_SECONDS = 10 * 60;
/**
 * Generous: at registration opening a campus network or a carrier's NAT puts many candidates
 * behind one address, and each step multiplies what their phones must do. The number's own count
 * and the failures carry the weight.
 */
export const ADDRESS_CHALLENGES_PER_STEP = 30;
const MOBILE_WINDOW_SECONDS = 60 * 60;
export const MOBILE_CHALLENGES_PER_STEP = 4;
const FAILURE_WINDOW_SECONDS = 60 * 60;
export const FAILURES_PER_STEP = 3;
/** The counters only count; their own refusal is never used. */
const NO_REFUSAL = Number.MAX_SAFE_INTEGER;

export type CaptchaOutcome = 'Timeout' | 'Failed';
const OUTCOME_MESSAGES: Record<CaptchaOutcome, string> = {
  Timeout: '安全验证已超时，请重新验证',
  Failed: '安全验证未通过，请重新验证',
};
export const CAPTCHA_AGAIN = '请重新完成安全验证';

/** A refusal the check shows with its outcome (§5): FieldErrors.Captcha carries it. */
function captchaRefusal(outcome: CaptchaOutcome) {
  return badRequest(OUTCOME_MESSAGES[outcome], { Captcha: outcome });
}

const tokenKey = (token: string) => `captcha:token:${token}`;

function riskCounters(store: CaptchaDeps['store']) {
  const counter = (name: string, durationSeconds: number) =>
    counterFor(store, { name, points: NO_REFUSAL, durationSeconds });
  return {
    address: counter('captcha:challenges:address', BURST_WINDOW_SECONDS),
    mobile: counter('captcha:challenges:mobile', MOBILE_WINDOW_SECONDS),
    failures: counter('captcha:failures', FAILURE_WINDOW_SECONDS),
    /** A challenge's checks, by its signature: one is judged, for as long as it could live. */
    spent: counterFor(store, {
      name: 'captcha:spent',
      points: 1,
      durationSeconds: CHALLENGE_TTL_SECONDS,
    }),
  };
}

/** A number as the challenge names it: keyed, so the challenge a browser holds shows no number. */
const mobileTag = (deps: CaptchaDeps, mobile: string) =>
  createHmac('sha256', deps.secrets.captchaKey).update(mobile).digest('base64url').slice(0, 16);

export interface ChallengeRequest {
  clientIp: string;
  /** The number the codes go to, when the check is for sending them. */
  mobile?: string | undefined;
}

/**
 * The level a challenge asks: one step for each ADDRESS_CHALLENGES_PER_STEP challenges of the
 * address in ten minutes, MOBILE_CHALLENGES_PER_STEP of the number in an hour and
 * FAILURES_PER_STEP failed checks of either; counts this challenge.
 */
export async function riskLevel(deps: CaptchaDeps, request: ChallengeRequest): Promise<number> {
  const counters = riskCounters(deps.store);
  const address = limitedAddress(request.clientIp);
  const tag = request.mobile ? mobileTag(deps, request.mobile) : undefined;
  const [fromAddress, forMobile, addressFailures, mobileFailures] = await Promise.all([
    counters.address.penalty(address),
    tag ? counters.mobile.penalty(tag) : undefined,
    counters.failures.get(address),
    tag ? counters.failures.get(tag) : null,
  ]);
  const steps =
    Math.floor((fromAddress.consumedPoints - 1) / ADDRESS_CHALLENGES_PER_STEP) +
    Math.floor(((forMobile?.consumedPoints ?? 1) - 1) / MOBILE_CHALLENGES_PER_STEP) +
    Math.floor((addressFailures?.consumedPoints ?? 0) / FAILURES_PER_STEP) +
    Math.floor((mobileFailures?.consumedPoints ?? 0) / FAILURES_PER_STEP);
  return Math.min(steps, deps.config.captcha.levels.length - 1);
}

/**
 * Captcha/GetChallenge: an ALTCHA proof of work (PoW v2, deterministic mode). The server picks the
 * counter, between half the level's most and its most, and signs the key it derives: the browser
 * must try every counter up to it, the server checks one HMAC.
 */
export async function createCaptchaChallenge(
  deps: CaptchaDeps,
  request: ChallengeRequest,
): Promise<{ Challenge: AltchaChallenge; ExpiresInSeconds: number }> {
  const level = await riskLevel(deps, request);
  const most = deps.config.captcha.levels[level]!;
  const challenge = await createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: deps.config.captcha.cost,
    counter: randomInt(Math.ceil(most / 2), most + 1),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
    data: {
      scene: CAPTCHA_SCENE,
      level,
      ...(request.mobile ? { mobile: mobileTag(deps, request.mobile) } : {}),
    },
    hmacSignatureSecret: deps.secrets.captchaKey,
    hmacKeySignatureSecret: `${deps.secrets.captchaKey}:key`,
  });
  return { Challenge: challenge as AltchaChallenge, ExpiresInSeconds: CHALLENGE_TTL_SECONDS };
}

export interface CaptchaCheckInput {
  Scene: string;
  Challenge: AltchaChallenge;
  Solution: { counter: number; derivedKey: string };
}

/** A failed check counts against the address and the number the challenge was for. */
async function countFailure(deps: CaptchaDeps, clientIp: string, tag: unknown) {
  const { failures } = riskCounters(deps.store);
  await Promise.all([
    failures.penalty(limitedAddress(clientIp)),
    typeof tag === 'string' ? failures.penalty(tag) : undefined,
  ]);
}

/**
 * Captcha/Check: a solution is judged once — its challenge is then spent, for as long as it could
 * live — and success gives a single-use token for the scene (and the challenge's number).
 */
export async function checkCaptcha(
  deps: CaptchaDeps,
  input: CaptchaCheckInput,
  clientIp: string,
): Promise<{ captchaToken: string }> {
  const data = input.Challenge.parameters.data ?? {};
  const result = await verifySolution({
    challenge: input.Challenge,
    solution: input.Solution,
    deriveKey,
    hmacSignatureSecret: deps.secrets.captchaKey,
    hmacKeySignatureSecret: `${deps.secrets.captchaKey}:key`,
  });
  if (result.expired) throw captchaRefusal('Timeout');
  if (!result.verified || data.scene !== input.Scene) {
    await countFailure(deps, clientIp, data.mobile);
    throw captchaRefusal('Failed');
  }
  // Spent in one atomic step: of two checks of one solution at once, only the first passes.
  const spent = riskCounters(deps.store).spent;
  if (isOver(spent, await count(spent, input.Challenge.signature))) {
    await countFailure(deps, clientIp, data.mobile);
    throw captchaRefusal('Failed');
  }
  const captchaToken = randomBytes(24).toString('base64url');
  await deps.store.set(
    tokenKey(captchaToken),
    JSON.stringify({ scene: input.Scene, mobile: data.mobile ?? null }),
    CAPTCHA_TOKEN_TTL_SECONDS,
  );
  return { captchaToken };
}

/**
 * Spends a captcha token: the local proof of work's, or — when an Aliyun NVC app key is
 * configured — Aliyun's NVC value, judged by the captcha gateway. A code for a number needs a
 * token of a challenge asked for that number, so its risk was counted. Anything else: 419.
 */
export async function consumeCaptchaToken(
  deps: CaptchaDeps,
  token: string,
  scene: string,
  clientIp: string,
  mobile?: string,
): Promise<void> {
  if (deps.config.aliyunNvcAppKey) {
    const gateway = deps.gateways.captcha;
    if (!gateway) throw new Error('ALIYUN_NVC_APPKEY is set but no captcha gateway is wired');
    if (!(await gateway.verify({ token, scene, clientIp })))
      throw verificationExpired(CAPTCHA_AGAIN);
    return;
  }
  const stored = await deps.store.take(tokenKey(token));
  const bound = stored ? (JSON.parse(stored) as { scene: string; mobile: string | null }) : null;
  if (
    !bound ||
    bound.scene !== scene ||
    (mobile !== undefined && bound.mobile !== mobileTag(deps, mobile))
  )
    throw verificationExpired(CAPTCHA_AGAIN);
}
