import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  APP_TITLE,
  CAPTCHA_SCENE,
  ERROR_CODES,
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_SECONDS,
  SMS_RESEND_SECONDS,
  type SmsScene,
} from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/deps.js';
import type { KeyValueStore } from '../../platform/kv-store.js';
import {
  count,
  counterFor,
  isOver,
  limitedAddress,
  secondsLeft,
} from '../../platform/rate-limits.js';
import { loggableError } from '../../platform/loggable-error.js';
import { consumeCaptchaToken } from './captcha.js';
import {
  badRequest,
  DomainError,
  tooManyRequests,
  unauthorized,
  verificationExpired,
} from '../errors.js';
import { isActiveUser } from './users.js';
import { findClosingAccountByMobile } from './closing.js';

type SmsDeps = Pick<AppDeps, 'db' | 'store' | 'config' | 'gateways' | 'secrets' | 'now' | 'log'>;

/** Codes a day for one number in one scene: a stranger's sign-up requests never spend its sign-in codes. */
export const SMS_DAILY_LIMIT_PER_MOBILE = 10;
/** Of those, what one address may spend: a lone stranger leaves the owner half of every scene's codes. */
export const SMS_DAILY_LIMIT_PER_MOBILE_FROM_ONE_ADDRESS = 5;
export const SMS_HOURLY_LIMIT_PER_ADDRESS = 20;
/** Wrong tries at a code from one address; they burn it only from the address that asked for it. */
export const SMS_MAX_WRONG_TRIES = 5;
/** Wrong tries at a code from every address together, after which it is burnt. */
export const SMS_MAX_WRONG_TRIES_FROM_ANY = 20;
export const VERIFY_TOKEN_TTL_SECONDS = 600;
const SENT_MARKER_TTL_SECONDS = 24 * 60 * 60;
const DAY_SECONDS = 24 * 60 * 60;

const SCENE_PURPOSE: Record<SmsScene, string> = {
  SignUp: '注册账号',
  SignIn: '登录',
  ChangeMobile: '更换手机号',
  CloseAccount: '注销账号',
  ResetPassword: '找回密码',
  GuardianConsent: '监护人同意未成年人报名',
};

const codeKey = (scene: SmsScene, mobile: string) => `sms:code:${scene}:${mobile}`;
const sentKey = (scene: SmsScene, mobile: string) => `sms:sent:${scene}:${mobile}`;
const verifyKey = (token: string) => `sms:verify:${token}`;

/** A pending code: its hash, its own id (for its try counters) and the address that asked for it. */
interface CodeRecord {
  hash: string;
  id: string;
  ip?: string;
}

function hashCode(deps: SmsDeps, mobile: string, scene: SmsScene, code: string): string {
  return createHmac('sha256', deps.secrets.cookieKeys[0] ?? 'sms')
    .update(`${scene}:${mobile}:${code}`)
    .digest('base64url');
}

async function activeUserIdByMobile(deps: SmsDeps, mobile: string): Promise<number | null> {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, mobile), isActiveUser));
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
      // The owner of a closing account may sign in, which cancels the closing.
      return (
        (await activeUserIdByMobile(deps, mobile)) !== null ||
        (await findClosingAccountByMobile(deps.db, mobile, {
          now: deps.now(),
          days: deps.config.accountErasureCoolingOffDays,
        })) !== undefined
      );
    case 'ResetPassword':
      return (await activeUserIdByMobile(deps, mobile)) !== null;
    case 'CloseAccount':
      if (userId === undefined) throw unauthorized('请先登录');
      if ((await activeUserIdByMobile(deps, mobile)) !== userId)
        throw badRequest('请使用本账号绑定的手机号', { Mobile: '不是本账号绑定的手机号' });
      return true;
    case 'GuardianConsent':
      // The guardian's phone, whoever holds an account with it (often the parent's own).
      if (userId === undefined) throw unauthorized('请先登录');
      return true;
    case 'ChangeMobile':
      if (userId === undefined) throw unauthorized('请先登录');
      if ((await activeUserIdByMobile(deps, mobile)) === userId)
        throw badRequest('新手机号与当前手机号相同', { Mobile: '新手机号与当前手机号相同' });
      return true;
  }
}

function sendCounters(store: KeyValueStore, hourlyPerAddress = SMS_HOURLY_LIMIT_PER_ADDRESS) {
  return {
    address: counterFor(store, {
      name: 'sms:send:address',
      points: hourlyPerAddress,
      durationSeconds: 60 * 60,
    }),
    cooldown: counterFor(store, {
      name: 'sms:send:cooldown',
      points: 1,
      durationSeconds: SMS_RESEND_SECONDS,
    }),
    numberFromAddress: counterFor(store, {
      name: 'sms:send:number-address',
      points: SMS_DAILY_LIMIT_PER_MOBILE_FROM_ONE_ADDRESS,
      durationSeconds: DAY_SECONDS,
    }),
    number: counterFor(store, {
      name: 'sms:send:number',
      points: SMS_DAILY_LIMIT_PER_MOBILE,
      durationSeconds: DAY_SECONDS,
    }),
  };
}

function sendKeys(deps: SmsDeps, input: { mobile: string; scene: SmsScene; clientIp: string }) {
  const day = deps.now().toISOString().slice(0, 10);
  const { mobile, scene } = input;
  const clientIp = limitedAddress(input.clientIp);
  return {
    address: clientIp,
    cooldown: `${mobile}:${scene}:${clientIp}`,
    numberFromAddress: `${mobile}:${scene}:${clientIp}:${day}`,
    number: `${mobile}:${scene}:${day}`,
  };
}

/**
 * The requester's own budgets first (its address an hour; its resend wait and its share of the
 * number's codes), and only then the number's daily codes of the scene: a refused stranger spends
 * nothing of the owner's. → 429.
 */
async function spendSendBudgets(
  deps: SmsDeps,
  input: { mobile: string; scene: SmsScene; clientIp: string },
): Promise<void> {
  const counters = sendCounters(deps.store, deps.config.smsHourlyLimitPerAddress);
  const keys = sendKeys(deps, input);
  if (isOver(counters.address, await count(counters.address, keys.address)))
    throw tooManyRequests('当前网络获取验证码过于频繁，请稍后再试');
  const cooldown = await count(counters.cooldown, keys.cooldown);
  if (isOver(counters.cooldown, cooldown))
    throw tooManyRequests(`验证码发送过于频繁，请${secondsLeft(cooldown)}秒后再试`);
  const dailyRefusal = tooManyRequests('该手机号今日获取验证码次数已达上限，请明天再试');
  if (
    isOver(
      counters.numberFromAddress,
      await count(counters.numberFromAddress, keys.numberFromAddress),
    )
  )
    throw dailyRefusal;
  if (isOver(counters.number, await count(counters.number, keys.number))) {
    await counters.numberFromAddress.reward(keys.numberFromAddress);
    throw dailyRefusal;
  }
}

/** A code that did not go out costs nobody: the number's codes are given back, the wait lifted. */
async function giveBackSendBudgets(
  deps: SmsDeps,
  input: { mobile: string; scene: SmsScene; clientIp: string },
): Promise<void> {
  const counters = sendCounters(deps.store, deps.config.smsHourlyLimitPerAddress);
  const keys = sendKeys(deps, input);
  await Promise.all([
    counters.number.reward(keys.number),
    counters.numberFromAddress.reward(keys.numberFromAddress),
    counters.cooldown.delete(keys.cooldown),
  ]);
}

/** Lifts the resend wait of one requester of a number's codes in a scene. */
export async function endSmsCooldown(
  deps: Pick<AppDeps, 'store'>,
  input: { mobile: string; scene: SmsScene; clientIp: string },
): Promise<void> {
  const address = limitedAddress(input.clientIp);
  await sendCounters(deps.store).cooldown.delete(`${input.mobile}:${input.scene}:${address}`);
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
  await consumeCaptchaToken(deps, input.captchaToken, CAPTCHA_SCENE, input.clientIp, input.mobile);
  await spendSendBudgets(deps, input);
  let goesOut: boolean;
  try {
    goesOut = await codeGoesOut(deps, input.mobile, input.scene, input.userId);
  } catch (error) {
    await giveBackSendBudgets(deps, input);
    throw error;
  }
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  // Each code has its own try counters, so a new code starts from zero; the newest code counts.
  const record: CodeRecord = {
    hash: hashCode(deps, input.mobile, input.scene, code),
    id: randomBytes(9).toString('base64url'),
    ip: limitedAddress(input.clientIp),
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
      `【${APP_TITLE}】验证码${code}，用于${SCENE_PURPOSE[input.scene]}，${minutes}分钟内有效。请勿泄露给他人，如非本人操作请忽略。`,
      { name: 'verification_code', params: { code } },
    );
  } catch (error) {
    await deps.store.delete(codeKey(input.scene, input.mobile));
    await giveBackSendBudgets(deps, input);
    deps.log?.error({ failure: loggableError(error) }, 'sms gateway failed');
    if (error instanceof DomainError) throw error;
    throw new DomainError(ERROR_CODES.SERVICE_UNAVAILABLE, '短信发送失败，请稍后再试');
  }
  return sent;
}

export interface VerifySmsCodeInput {
  mobile: string;
  scene: SmsScene;
  code: string;
  /** Where the try comes from: only the address that asked for the code can burn it quickly. */
  clientIp: string;
}

function tryCounters(store: KeyValueStore) {
  return {
    fromAddress: counterFor(store, {
      name: 'sms:verify:address',
      points: SMS_MAX_WRONG_TRIES,
      durationSeconds: SMS_CODE_TTL_SECONDS,
    }),
    fromAny: counterFor(store, {
      name: 'sms:verify:code',
      points: SMS_MAX_WRONG_TRIES_FROM_ANY,
      durationSeconds: SMS_CODE_TTL_SECONDS,
    }),
  };
}

/**
 * ShortMessage/Verify: a right code is spent at once for a single-use token bound to {mobile, scene}.
 * Wrong tries are counted per address: five from the address that asked for the code burn it; an
 * address that did not ask only stops itself, so a stranger cannot burn the owner's pending code
 * (twenty from all addresses together do).
 */
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
  const record = JSON.parse(stored) as CodeRecord;
  const counters = tryCounters(deps.store);
  const tooMany = badRequest('验证码错误次数过多，请重新获取', { Code: '验证码已失效' });
  const address = limitedAddress(input.clientIp);
  const asker = record.ip === address;
  // Counted before comparing, atomically: guesses sent at once cannot all see zero tries.
  const fromAddress = await count(counters.fromAddress, `${record.id}:${address}`);
  if (isOver(counters.fromAddress, fromAddress)) {
    if (asker) await deps.store.delete(key);
    throw tooMany;
  }
  // Only tries that are judged count for the code, so one address cannot reach the total alone.
  const fromAny = await count(counters.fromAny, record.id);
  const expected = Buffer.from(record.hash);
  const actual = Buffer.from(hashCode(deps, input.mobile, input.scene, input.code));
  const right = expected.length === actual.length && timingSafeEqual(expected, actual);
  const addressSpent = fromAddress.consumedPoints >= SMS_MAX_WRONG_TRIES;
  const allSpent = fromAny.consumedPoints >= SMS_MAX_WRONG_TRIES_FROM_ANY;
  if (isOver(counters.fromAny, fromAny) || (!right && (addressSpent || allSpent))) {
    if (asker || allSpent) await deps.store.delete(key);
    throw tooMany;
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
