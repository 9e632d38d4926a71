import { randomBytes, randomInt } from 'node:crypto';
import { CAPTCHA_SCENE, type SlideChallenge } from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, verificationExpired } from '../errors.js';
import {
  drawSlidePuzzle,
  PIECE_SIZE,
  PUZZLE_HEIGHT,
  PUZZLE_WIDTH,
} from '../../render/slide-puzzle.js';

type CaptchaDeps = Pick<AppDeps, 'store' | 'config' | 'gateways'>;

export const TRACK_WIDTH = PUZZLE_WIDTH;
export const PIECE_WIDTH = PIECE_SIZE;
export const CHALLENGE_TTL_SECONDS = 60;
export const CAPTCHA_TOKEN_TTL_SECONDS = 120;
/** A person takes longer and moves in more steps than this; a script jumps. */
export const MIN_DRAG_MS = 300;
export const MIN_TRAIL_POINTS = 5;
export const TOLERANCE_PX = 6;
/** A drag this long is someone who walked away; the challenge has expired by then anyway. */
const MAX_DRAG_MS = CHALLENGE_TTL_SECONDS * 1000;

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

/**
 * Captcha/GetChallenge: a random gap, drawn into a picture; its position is kept server-side for
 * a short while and never sent.
 */
export async function createCaptchaChallenge(deps: CaptchaDeps): Promise<SlideChallenge> {
  const id = randomBytes(16).toString('base64url');
  const targetX = randomInt(PIECE_WIDTH + 20, TRACK_WIDTH - PIECE_WIDTH + 1);
  const puzzle = drawSlidePuzzle(targetX);
  await deps.store.set(
    challengeKey(id),
    JSON.stringify({ targetX, scene: CAPTCHA_SCENE }),
    CHALLENGE_TTL_SECONDS,
  );
  return {
    ChallengeId: id,
    TrackWidth: TRACK_WIDTH,
    PieceWidth: PIECE_WIDTH,
    Image: puzzle.image,
    ImageHeight: PUZZLE_HEIGHT,
    Piece: puzzle.piece,
    PieceY: puzzle.pieceY,
    ExpiresInSeconds: CHALLENGE_TTL_SECONDS,
  };
}

type TrailPoint = { X: number; T: number };

/**
 * Whether a drag looks like a hand's: it starts near the left, ends where the piece was let go,
 * goes forward (a person may overshoot and pull back a little, not wander), and its speed
 * changes — a hand speeds up and slows down, a script moves at one speed. Key presses pass too:
 * the first repeat waits longer than the next ones.
 */
function looksHuman(trail: TrailPoint[], released: number): boolean {
  const first = trail[0]!;
  const last = trail.at(-1)!;
  if (first.X > PIECE_WIDTH || Math.abs(last.X - released) > 1) return false;
  let forward = 0;
  let backward = 0;
  const speeds: number[] = [];
  for (let i = 1; i < trail.length; i += 1) {
    const step = trail[i]!.X - trail[i - 1]!.X;
    const elapsed = trail[i]!.T - trail[i - 1]!.T;
    if (elapsed < 0) return false;
    if (step > 0) forward += step;
    else backward -= step;
    if (elapsed > 0 && step !== 0) speeds.push(Math.abs(step) / elapsed);
  }
  if (backward > Math.max(TOLERANCE_PX * 3, forward * 0.3)) return false;
  if (speeds.length < 3) return true;
  const slowest = Math.min(...speeds);
  const fastest = Math.max(...speeds);
  return fastest > slowest * 1.15;
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
  if (duration > MAX_DRAG_MS || !looksHuman(input.Trail, input.X)) throw captchaRefusal('Failed');
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
