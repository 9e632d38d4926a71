import {
  CAPTCHA_SCENE,
  checkCaptcha,
  getCaptchaChallenge,
  sendVerifyShortMessage,
  verifyShortMessage,
  type SmsScene,
} from '@portal/contracts';
import { solveProofOfWork } from '../../testing/proof-of-work.js';
import type { TestApp } from '../../testing/test-app.js';

/** Does the local proof of work (for the number, when codes go to one); returns its CaptchaToken. */
export async function passCaptcha(t: TestApp, mobile?: string): Promise<string> {
  const challenge = await t.call(getCaptchaChallenge, {
    Scene: CAPTCHA_SCENE,
    ...(mobile ? { Mobile: mobile } : {}),
  });
  const { Challenge } = challenge.body.Data;
  const checked = await t.call(checkCaptcha, {
    Scene: CAPTCHA_SCENE,
    Challenge,
    Solution: await solveProofOfWork(Challenge),
  });
  if (checked.status !== 200) throw new Error(`captcha refused: ${checked.body.ErrMsg}`);
  return checked.body.Data.CaptchaToken;
}

/** The last code sent to a number, read from the development outbox. */
export async function lastSmsCode(t: TestApp, mobile: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/gateways/sms/outbox?mobile=${mobile}`,
  });
  const items = (response.json() as { Items: { Code: string | null }[] }).Items;
  // The newest code: a notification (no code) may have come after it.
  const code = items.find((item) => item.Code)?.Code;
  if (!code) throw new Error(`no SMS sent to ${mobile}`);
  return code;
}

/** Captcha → SMS → Verify: a VerifyToken for {mobile, scene}, as the web gets one. */
export async function obtainVerifyToken(
  t: TestApp,
  mobile: string,
  scene: SmsScene,
  as?: number,
): Promise<string> {
  const sent = await t.call(
    sendVerifyShortMessage,
    { Mobile: mobile, Scene: scene, CaptchaToken: await passCaptcha(t, mobile) },
    as === undefined ? {} : { as },
  );
  if (sent.status !== 200) throw new Error(`sms refused: ${sent.body.ErrMsg}`);
  const verified = await t.call(verifyShortMessage, {
    Mobile: mobile,
    Scene: scene,
    Code: await lastSmsCode(t, mobile),
  });
  if (verified.status !== 200) throw new Error(`verify refused: ${verified.body.ErrMsg}`);
  return verified.body.Data.VerifyToken;
}
