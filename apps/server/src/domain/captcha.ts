import { randomBytes, randomInt } from 'node:crypto';
import { CAPTCHA_SCENE, type SlideChallenge } from '@portal/contracts';
import type { AppDeps } from '../platform/deps.js';
import { badRequest, verificationExpired } from './errors.js';

type CaptchaDeps = Pick<AppDeps, 'store' | 'config' | 'gateways'>;

export const TRACK_WIDTH = 300;
export const PIECE_WIDTH = 44;
export const CHALLENGE_TTL_SECONDS = 60;
export const CAPTCHA_TOKEN_TTL_SECONDS = 120;
/** A person takes longer and moves in more steps than this; a script jumps. */
export const MIN_DRAG_MS = 300;
export const MIN_TRAIL_POINTS = 5;
export const TOLERANCE_PX = 6;

export type CaptchaOutcome = 'TooFast' | 'Timeout' | 'Failed';
const OUTCOME_MESSAGES: Record<CaptchaOutcome, string> = {
  TooFast: '操作过快，请重新滑动验证',
  Timeout: '验证已超时，请重新验证',
  Failed: '验证未通过，请将滑块拖到缺口处',
};

/** A refusal the slider shows with its outcome (§5): FieldErrors.Captcha carries it. */
function captchaRefusal(outcome: CaptchaOutcome) {
  return badRequest(OUTCOME_MESSAGES[outcome], { Captcha: outcome });
}

const challengeKey = (id: string) => `captcha:challenge:${id}`;
const tokenKey = (token: string) => `captcha:token:${token}`;

/** Captcha/GetChallenge: a random target kept server-side for a short while. */
export async function createCaptchaChallenge(deps: CaptchaDeps): Promise<SlideChallenge> {
  const id = randomBytes(16).toString('base64url');
  const targetX = randomInt(PIECE_WIDTH + 20, TRACK_WIDTH - PIECE_WIDTH + 1);
  await deps.store.set(
    challengeKey(id),
    JSON.stringify({ targetX, scene: CAPTCHA_SCENE }),
    CHALLENGE_TTL_SECONDS,
  );
  return {
    ChallengeId: id,
    TrackWidth: TRACK_WIDTH,
    PieceWidth: PIECE_WIDTH,
    TargetX: targetX,
    ExpiresInSeconds: CHALLENGE_TTL_SECONDS,
  };
}

export interface CaptchaCheckInput {
  ChallengeId: string;
  Scene: string;
  X: number;
  Trail: { X: number; T: number }[];
}

/** Captcha/Check: each challenge is judged once; success gives a single-use token for the scene. */
export async function checkCaptcha(
  deps: CaptchaDeps,
  input: CaptchaCheckInput,
): Promise<{ captchaToken: string }> {
  const stored = await deps.store.take(challengeKey(input.ChallengeId));
  if (!stored) throw captchaRefusal('Timeout');
  const challenge = JSON.parse(stored) as { targetX: number; scene: string };
  if (challenge.scene !== input.Scene) throw captchaRefusal('Failed');
  const times = input.Trail.map((p) => p.T);
  const duration = times.length > 0 ? Math.max(...times) - Math.min(...times) : 0;
  if (input.Trail.length < MIN_TRAIL_POINTS || duration < MIN_DRAG_MS)
    throw captchaRefusal('TooFast');
  if (Math.abs(input.X - challenge.targetX) > TOLERANCE_PX) throw captchaRefusal('Failed');
  const captchaToken = randomBytes(24).toString('base64url');
  await deps.store.set(tokenKey(captchaToken), input.Scene, CAPTCHA_TOKEN_TTL_SECONDS);
  return { captchaToken };
}

/**
 * Spends a captcha token: the local slider's, or — when an Aliyun NVC app key is configured —
 * Aliyun's NVC value, judged by the captcha gateway. Anything else: 419, do the check again.
 */
export async function consumeCaptchaToken(
  deps: CaptchaDeps,
  token: string,
  scene: string,
  clientIp: string,
): Promise<void> {
  if (deps.config.aliyunNvcAppKey) {
    const gateway = deps.gateways.captcha;
    if (!gateway) throw new Error('ALIYUN_NVC_APPKEY is set but no captcha gateway is wired');
    if (!(await gateway.verify({ token, scene, clientIp })))
      throw verificationExpired('请重新完成滑动验证');
    return;
  }
  const storedScene = await deps.store.take(tokenKey(token));
  if (storedScene !== scene) throw verificationExpired('请重新完成滑动验证');
}
