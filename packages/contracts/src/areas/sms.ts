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
] as const;
export const smsSceneSchema = lazySchema(() => z.enum(SMS_SCENES));
export type SmsScene = z.infer<typeof smsSceneSchema>;

export const SMS_CODE_LENGTH = 6;
export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_TTL_SECONDS = 300;
/** §9: the captcha scene for sending messages. */
export const CAPTCHA_SCENE = 'ic_message_h5';

/** Sent only after a captcha: CaptchaToken is the local slider's token or Aliyun's NVC value. */
export const sendVerifyShortMessage = defineEndpoint('ShortMessage/SendVerifyShortMessage', {
  method: 'POST',
  client: 'exam-message',
  auth: 'optional',
  request: () =>
    z.object({
      Mobile: mobileSchema,
      Scene: smsSceneSchema,
      CaptchaToken: boundedString(MAX_TOKEN_LENGTH).min(1, '请先完成滑动验证'),
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
 * The local slide-to-verify captcha (when no Aliyun NVC app key is configured). Where the gap is
 * never leaves the server: it is drawn into Image, and the person drags Piece onto it.
 */
export const slideChallengeSchema = lazySchema(() =>
  z.object({
    ChallengeId: z.string(),
    /** The track (and the picture) width, in CSS pixels; the slider's value is the piece's left. */
    TrackWidth: z.number().int().positive(),
    PieceWidth: z.number().int().positive(),
    /** The picture with the gap cut into it: a PNG data URL TrackWidth × ImageHeight. */
    Image: z.string().startsWith('data:image/png;base64,'),
    ImageHeight: z.number().int().positive(),
    /** The piece (PieceWidth square, transparent around it), drawn PieceY from the picture's top. */
    Piece: z.string().startsWith('data:image/png;base64,'),
    PieceY: z.number().int().min(0),
    ExpiresInSeconds: z.number().int().positive(),
  }),
);
export type SlideChallenge = z.infer<typeof slideChallengeSchema>;

export const getCaptchaChallenge = defineEndpoint('Captcha/GetChallenge', {
  method: 'GET',
  client: 'exam-message',
  auth: 'optional',
  request: () => z.object({ Scene: z.literal(CAPTCHA_SCENE) }),
  response: () => slideChallengeSchema,
});

/** A drag's x offsets (px) and times (ms): far past any real drag, small enough to be plain numbers. */
const CAPTCHA_MAX_OFFSET = 10_000;
const CAPTCHA_MAX_TRAIL_MS = 600_000;
const captchaOffsetSchema = lazySchema(() =>
  z.number().min(-CAPTCHA_MAX_OFFSET).max(CAPTCHA_MAX_OFFSET),
);

export const CAPTCHA_OUTCOMES = ['TooFast', 'Timeout', 'Failed'] as const;
export const checkCaptcha = defineEndpoint('Captcha/Check', {
  method: 'POST',
  client: 'exam-message',
  auth: 'optional',
  request: () =>
    z.object({
      ChallengeId: boundedString(MAX_TOKEN_LENGTH).min(1),
      Scene: z.literal(CAPTCHA_SCENE),
      /** Where the piece was let go. */
      X: captchaOffsetSchema,
      /** The drag as sampled: x position and ms since the drag began. */
      Trail: z
        .array(z.object({ X: captchaOffsetSchema, T: z.number().min(0).max(CAPTCHA_MAX_TRAIL_MS) }))
        .max(2000),
    }),
  response: () => z.object({ CaptchaToken: z.string() }),
});
