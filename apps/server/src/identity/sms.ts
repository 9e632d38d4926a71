import {
  CAPTCHA_SCENE,
  checkCaptcha as checkCaptchaEndpoint,
  MOBILE_PATTERN,
  SMS_CODE_LENGTH,
  type SmsScene,
} from '@portal/contracts';
import { checkCaptcha, createCaptchaChallenge } from '../domain/accounts/captcha.js';
import { DomainError } from '../domain/errors.js';
import { consumeVerifyToken, sendSmsCode, verifySmsCode } from '../domain/accounts/sms.js';
import type { AppDeps } from '../platform/deps.js';
import {
  findSignInAccountByMobile,
  SIGN_IN_FAILED,
  signedInAs,
  type SignInOutcome,
} from '../domain/accounts/sign-in.js';
import type { AttemptLimiter } from '../platform/attempt-limiter.js';

/** The SMS path of the sign-in and sign-up pages (proof of work, send, verify). */
export interface SmsSignIn {
  /** The JSON endpoints the page script calls: `captcha` (a challenge) and `sms-code` (send). */
  answerJson(
    action: 'captcha' | 'sms-code',
    body: Record<string, unknown>,
    address: string,
  ): Promise<JsonAnswer>;
  signIn(input: SmsCodeInput): Promise<SignInOutcome>;
  verifySignUp(input: SmsCodeInput): Promise<{ ok: boolean; message?: string }>;
  /** Forgot password: spends a ResetPassword code of the number. */
  verifyReset(input: SmsCodeInput): Promise<{ ok: boolean; message?: string }>;
}

/** A code typed on a page, and the address it comes from (only the asker's address burns a code). */
export interface SmsCodeInput {
  mobile: string;
  code: string;
  address: string;
}

/** A JSON endpoint's answer: its status and body. */
export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The scenes our pages may ask a code for. */
const PAGE_SCENES: readonly SmsScene[] = ['SignIn', 'SignUp', 'ResetPassword'];
const CODE_PATTERN = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

const json = (status: number, body: Record<string, unknown>): JsonAnswer => ({ status, body });

/** Spends a right code at once: verify, then take the one-use token it gives. */
async function spendCode(
  deps: AppDeps,
  { address, ...input }: SmsCodeInput & { scene: SmsScene },
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!CODE_PATTERN.test(input.code))
    return { ok: false, message: `请输入${SMS_CODE_LENGTH}位短信验证码` };
  try {
    const { verifyToken } = await verifySmsCode(deps, { ...input, clientIp: address });
    await consumeVerifyToken(deps, { token: verifyToken, ...input });
    return { ok: true };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, message: error.message };
    throw error;
  }
}

export function createSmsSignIn(deps: AppDeps, limiter: AttemptLimiter): SmsSignIn {
  return {
    async answerJson(action, body, address) {
      try {
        const mobile = typeof body.mobile === 'string' ? body.mobile.trim() : '';
        if (!MOBILE_PATTERN.test(mobile))
          return json(400, { ok: false, message: '请输入正确的11位手机号' });
        if (action === 'captcha') {
          const { Challenge } = await createCaptchaChallenge(deps, { clientIp: address, mobile });
          return json(200, { ok: true, challenge: Challenge });
        }
        const scene = PAGE_SCENES.find((s) => s === body.scene);
        const check = checkCaptchaEndpoint.request.safeParse({
          Scene: CAPTCHA_SCENE,
          Challenge: body.challenge,
          Solution: body.solution,
        });
        if (!scene || !check.success)
          return json(400, { ok: false, message: '请求有误，请刷新页面后重试' });
        const { captchaToken } = await checkCaptcha(deps, check.data, address);
        const sent = await sendSmsCode(deps, { mobile, scene, captchaToken, clientIp: address });
        return json(200, {
          ok: true,
          message: '验证码已发送，请注意查收',
          resendAfterSeconds: sent.resendAfterSeconds,
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return json(error.status, {
          ok: false,
          message: error.message,
          // A failed check gets a new challenge at once (spec §5: each outcome has a retry).
          retryCaptcha: Boolean(error.fieldErrors?.Captcha),
        });
      }
    },

    // The code proves the phone, so no password wait holds it up; the code's own limits guard it.
    async signIn({ mobile, code, address }) {
      const spent = await spendCode(deps, { mobile, code, address, scene: 'SignIn' });
      if (!spent.ok) return spent;
      const account = await findSignInAccountByMobile(deps.db, mobile, {
        now: deps.now(),
        days: deps.config.accountErasureCoolingOffDays,
      });
      if (!account) return { ok: false, message: SIGN_IN_FAILED };
      await limiter.succeeded(mobile, address);
      return signedInAs(deps, account);
    },

    verifySignUp: (input) => spendCode(deps, { ...input, scene: 'SignUp' }),
    verifyReset: (input) => spendCode(deps, { ...input, scene: 'ResetPassword' }),
  };
}
