import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { boundedString, MAX_TOKEN_LENGTH } from '../envelope.js';
import { mobileSchema } from './user.js';
import { lazySchema } from '../lazy-schema.js';

export const SMS_SCENES = [
  'ChangeMobile',
  'CloseAccount',
  'SignIn',
  'SignUp',
  'ResetPassword',
  'GuardianConsent',
] as const;
export const smsSceneSchema = lazySchema(() => z.enum(SMS_SCENES));
export type SmsScene = z.infer<typeof smsSceneSchema>;

export const SMS_CODE_LENGTH = 6;
export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_TTL_SECONDS = 300;
/** §9: the captcha scene for sending messages. */
export const CAPTCHA_SCENE = 'ic_message_h5';
/** The largest integer a caller may send (a PostgreSQL integer): far past any counter or cost. */
const INT4_MAX = 2 ** 31 - 1;

/** Sent only after a captcha: CaptchaToken is the local proof of work's token (for this Mobile) or Aliyun's NVC value. */
export const sendVerifyShortMessage = defineEndpoint('ShortMessage/SendVerifyShortMessage', {
  method: 'POST',
  client: 'exam-message',
  auth: 'optional',
  request: () =>
    z.object({
      Mobile: mobileSchema,
      Scene: smsSceneSchema,
      CaptchaToken: boundedString(MAX_TOKEN_LENGTH).min(1, '请先完成安全验证'),
    }),
  response: () =>
    z.object({
      ResendAfterSeconds: z.number().int().positive(),
      ExpiresInSeconds: z.number().int().positive(),
    }),
});

/** A right code is spent at once and traded for a single-use VerifyToken. */
export const verifyShortMessage = defineEndpoint('ShortMessage/Verify', {
  method: 'POST',
  client: 'exam-message',
  auth: 'optional',
  request: () =>
    z.object({
      Mobile: mobileSchema,
      Scene: smsSceneSchema,
      Code: boundedString(SMS_CODE_LENGTH * 4, `请填写${SMS_CODE_LENGTH}位短信验证码`)
        .trim()
        .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), `请填写${SMS_CODE_LENGTH}位短信验证码`),
    }),
  response: () =>
    z.object({ VerifyToken: z.string(), ExpiresInSeconds: z.number().int().positive() }),
});

/**
 * The local human check (when no Aliyun NVC app key is configured): an ALTCHA proof of work
 * (PoW v2, PBKDF2/SHA-256). The server signs the challenge; the browser finds the counter whose
 * derived key starts with keyPrefix. The counter's range, the work, rises with risk.
 */
export const altchaChallengeSchema = lazySchema(() =>
  z.object({
    parameters: z.object({
      algorithm: z.literal('PBKDF2/SHA-256'),
      nonce: z.string().max(64),
      salt: z.string().max(64),
      cost: z.number().int().positive().max(INT4_MAX),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: z.string().max(128),
      keySignature: z.string().max(128).optional(),
      expiresAt: z.number().int().positive().max(INT4_MAX).optional(),
      data: z
        .record(
          z.string().max(32),
          z.union([z.string().max(128), z.number().int().min(0).max(INT4_MAX)]),
        )
        .optional(),
    }),
    signature: z.string().max(128),
  }),
);
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

/** A challenge for the sends to one number: its risk (that number's, this address's) sets the work. */
export const getCaptchaChallenge = defineEndpoint('Captcha/GetChallenge', {
  method: 'GET',
  client: 'exam-message',
  auth: 'optional',
  request: () => z.object({ Scene: z.literal(CAPTCHA_SCENE), Mobile: mobileSchema.optional() }),
  response: () =>
    z.object({ Challenge: altchaChallengeSchema, ExpiresInSeconds: z.number().int().positive() }),
});

/**
 * §5: the outcomes the server names: an expired challenge is Timeout, a wrong or spent one Failed
 * (§5's "too fast" belonged to the dragged slider; a proof of work cannot be too fast).
 */
export const CAPTCHA_OUTCOMES = ['Timeout', 'Failed'] as const;
export const checkCaptcha = defineEndpoint('Captcha/Check', {
  method: 'POST',
  client: 'exam-message',
  auth: 'optional',
  request: () =>
    z.object({
      Scene: z.literal(CAPTCHA_SCENE),
      Challenge: altchaChallengeSchema,
      /** The counter found and its derived key (hex), as altcha-lib's solver gives them. */
      Solution: z.object({
        counter: z.number().int().min(0).max(INT4_MAX),
        derivedKey: z.string().max(128),
      }),
    }),
  response: () => z.object({ CaptchaToken: z.string() }),
});
