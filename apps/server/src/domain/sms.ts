import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CAPTCHA_SCENE,
  ERROR_CODES,
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_SECONDS,
  SMS_RESEND_SECONDS,
  type SmsScene,
} from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import type { AppDeps } from '../platform/deps.js';
import { consumeCaptchaToken } from './captcha.js';
import {
  badRequest,
  DomainError,
  tooManyRequests,
  unauthorized,
  verificationExpired,
} from './errors.js';

export { checkCaptcha, createCaptchaChallenge } from './captcha.js';

type SmsDeps = Pick<AppDeps, 'db' | 'store' | 'config' | 'gateways' | 'secrets' | 'now' | 'log'>;

export const SMS_DAILY_LIMIT_PER_MOBILE = 10;
export const SMS_HOURLY_LIMIT_PER_ADDRESS = 20;
export const SMS_MAX_WRONG_TRIES = 5;
export const VERIFY_TOKEN_TTL_SECONDS = 600;
const SENT_MARKER_TTL_SECONDS = 24 * 60 * 60;

const SCENE_PURPOSE: Record<SmsScene, string> = {
  SignUp: '注册账号',
  SignIn: '登录',
  ChangeMobile: '更换手机号',
  CloseAccount: '注销账号',
  ResetPassword: '找回密码',
};

const codeKey = (scene: SmsScene, mobile: string) => `sms:code:${scene}:${mobile}`;
const sentKey = (scene: SmsScene, mobile: string) => `sms:sent:${scene}:${mobile}`;
const verifyKey = (token: string) => `sms:verify:${token}`;

function hashCode(deps: SmsDeps, mobile: string, scene: SmsScene, code: string): string {
  return createHmac('sha256', deps.secrets.cookieKeys[0] ?? 'sms')
    .update(`${scene}:${mobile}:${code}`)
    .digest('base64url');
}

async function activeUserIdByMobile(deps: SmsDeps, mobile: string): Promise<number | null> {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, mobile), eq(users.status, 'active')));
  return row?.id ?? null;
}

/**
 * Whether the code really goes out. Every answer is the same whether or not the number has an
 * account: a SignIn or ResetPassword code for an unknown number is stored but never sent (verifying it fails like
 * a wrong code), and "already registered" is told only after the code is verified (sign-up,
 * User/ChangeMobile), to someone who holds the phone. Only the caller's own account is checked here.
 */
async function codeGoesOut(
  deps: SmsDeps,
  mobile: string,
  scene: SmsScene,
  userId: number | undefined,
): Promise<boolean> {
  switch (scene) {
    case 'SignUp':
      return true;
    case 'SignIn':
    case 'ResetPassword':
      return (await activeUserIdByMobile(deps, mobile)) !== null;
    case 'CloseAccount':
      if (userId === undefined) throw unauthorized('请先登录');
      if ((await activeUserIdByMobile(deps, mobile)) !== userId)
        throw badRequest('请使用本账号绑定的手机号', { Mobile: '不是本账号绑定的手机号' });
      return true;
    case 'ChangeMobile':
      if (userId === undefined) throw unauthorized('请先登录');
      if ((await activeUserIdByMobile(deps, mobile)) === userId)
        throw badRequest('新手机号与当前手机号相同', { Mobile: '新手机号与当前手机号相同' });
      return true;
  }
}

/** Per number: one per minute and a daily cap; per address: an hourly cap → 429. */
async function checkRateLimits(deps: SmsDeps, mobile: string, clientIp: string): Promise<void> {
  const now = deps.now();
  const cooldownKey = `sms:cooldown:${mobile}`;
  if ((await deps.store.increment(cooldownKey, SMS_RESEND_SECONDS)) > 1) {
    const left = (await deps.store.ttl(cooldownKey)) ?? SMS_RESEND_SECONDS;
    throw tooManyRequests(`验证码发送过于频繁，请${left}秒后再试`);
  }
  const day = now.toISOString().slice(0, 10);
  if (
    (await deps.store.increment(`sms:day:${mobile}:${day}`, 24 * 60 * 60)) >
    SMS_DAILY_LIMIT_PER_MOBILE
  )
    throw tooManyRequests('该手机号今日获取验证码次数已达上限，请明天再试');
  const hour = Math.floor(now.getTime() / 3_600_000);
  if (
    (await deps.store.increment(`sms:ip:${clientIp}:${hour}`, 60 * 60)) >
    SMS_HOURLY_LIMIT_PER_ADDRESS
  )
    throw tooManyRequests('当前网络获取验证码过于频繁，请稍后再试');
}

export interface SendSmsCodeInput {
  mobile: string;
  scene: SmsScene;
  captchaToken: string;
  clientIp: string;
  /** The signed-in user, when there is one (ChangeMobile needs it; CloseAccount checks it). */
  userId?: number | undefined;
}

/** ShortMessage/SendVerifyShortMessage: captcha first, then the limits, and only then any lookup. */
export async function sendSmsCode(
  deps: SmsDeps,
  input: SendSmsCodeInput,
): Promise<{ resendAfterSeconds: number; expiresInSeconds: number }> {
  await consumeCaptchaToken(deps, input.captchaToken, CAPTCHA_SCENE, input.clientIp);
  await checkRateLimits(deps, input.mobile, input.clientIp);
  const goesOut = await codeGoesOut(deps, input.mobile, input.scene, input.userId);
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  // Each code has its own try counter, so a new code starts from zero.
  const record = {
    hash: hashCode(deps, input.mobile, input.scene, code),
    id: randomBytes(9).toString('base64url'),
  };
  await deps.store.set(
    codeKey(input.scene, input.mobile),
    JSON.stringify(record),
    SMS_CODE_TTL_SECONDS,
  );
  await deps.store.set(sentKey(input.scene, input.mobile), '1', SENT_MARKER_TTL_SECONDS);
  const minutes = Math.round(SMS_CODE_TTL_SECONDS / 60);
  const sent = { resendAfterSeconds: SMS_RESEND_SECONDS, expiresInSeconds: SMS_CODE_TTL_SECONDS };
  if (!goesOut) return sent;
  try {
    await deps.gateways.sms.send(
      input.mobile,
      `【考试报名服务平台】验证码${code}，用于${SCENE_PURPOSE[input.scene]}，${minutes}分钟内有效。请勿泄露给他人，如非本人操作请忽略。`,
      { code },
    );
  } catch (error) {
    await deps.store.delete(codeKey(input.scene, input.mobile));
    await deps.store.delete(`sms:cooldown:${input.mobile}`);
    deps.log?.error({ err: error }, 'sms gateway failed');
    if (error instanceof DomainError) throw error;
    throw new DomainError(ERROR_CODES.SERVICE_UNAVAILABLE, '短信发送失败，请稍后再试');
  }
  return sent;
}

export interface VerifySmsCodeInput {
  mobile: string;
  scene: SmsScene;
  code: string;
}

/** ShortMessage/Verify: a right code is spent at once for a single-use token bound to {mobile, scene}. */
export async function verifySmsCode(
  deps: SmsDeps,
  input: VerifySmsCodeInput,
): Promise<{ verifyToken: string; expiresInSeconds: number }> {
  const key = codeKey(input.scene, input.mobile);
  const stored = await deps.store.get(key);
  if (!stored) {
    const everSent = await deps.store.get(sentKey(input.scene, input.mobile));
    throw badRequest(everSent ? '验证码已过期，请重新获取' : '请先获取验证码', {
      Code: everSent ? '验证码已过期' : '请先获取验证码',
    });
  }
  const record = JSON.parse(stored) as { hash: string; id: string };
  // Counted before comparing, atomically: guesses sent at once cannot all see zero tries.
  const attempt = await deps.store.increment(`sms:tries:${record.id}`, SMS_CODE_TTL_SECONDS);
  const expected = Buffer.from(record.hash);
  const actual = Buffer.from(hashCode(deps, input.mobile, input.scene, input.code));
  const right = expected.length === actual.length && timingSafeEqual(expected, actual);
  if (attempt > SMS_MAX_WRONG_TRIES || (!right && attempt === SMS_MAX_WRONG_TRIES)) {
    await deps.store.delete(key);
    throw badRequest('验证码错误次数过多，请重新获取', { Code: '验证码已失效' });
  }
  if (!right) throw badRequest('验证码不正确', { Code: '验证码不正确' });
  // Spent at once: only the caller that takes it gets the token.
  if (!(await deps.store.take(key)))
    throw badRequest('验证码已过期，请重新获取', { Code: '验证码已过期' });
  const verifyToken = randomBytes(24).toString('base64url');
  await deps.store.set(
    verifyKey(verifyToken),
    JSON.stringify({ mobile: input.mobile, scene: input.scene }),
    VERIFY_TOKEN_TTL_SECONDS,
  );
  return { verifyToken, expiresInSeconds: VERIFY_TOKEN_TTL_SECONDS };
}

/** Spends a VerifyToken for exactly this {mobile, scene}; anything else → 419, verify again. */
export async function consumeVerifyToken(
  deps: Pick<AppDeps, 'store'>,
  input: { token: string; mobile: string; scene: SmsScene },
): Promise<void> {
  const stored = await deps.store.take(verifyKey(input.token));
  const bound = stored ? (JSON.parse(stored) as { mobile: string; scene: SmsScene }) : null;
  if (!bound || bound.mobile !== input.mobile || bound.scene !== input.scene)
    throw verificationExpired('短信验证已失效，请重新获取验证码并验证');
}
