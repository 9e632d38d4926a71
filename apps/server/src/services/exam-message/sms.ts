import {
  checkCaptcha as checkCaptchaEndpoint,
  getCaptchaChallenge,
  sendVerifyShortMessage,
  verifyShortMessage,
} from '@portal/contracts';
import { checkCaptcha, createCaptchaChallenge } from '../../domain/accounts/captcha.js';
import { sendSmsCode, verifySmsCode } from '../../domain/accounts/sms.js';
import { route, type ServiceRoute } from '../route.js';

export const smsRoutes: ServiceRoute[] = [
  route(sendVerifyShortMessage, async ({ input, user, deps, clientIp }) => {
    const sent = await sendSmsCode(deps, {
      mobile: input.Mobile,
      scene: input.Scene,
      captchaToken: input.CaptchaToken,
      clientIp,
      userId: user?.userId,
    });
    return { ResendAfterSeconds: sent.resendAfterSeconds, ExpiresInSeconds: sent.expiresInSeconds };
  }),
  route(verifyShortMessage, async ({ input, deps, clientIp }) => {
    const verified = await verifySmsCode(deps, {
      mobile: input.Mobile,
      scene: input.Scene,
      code: input.Code,
      clientIp,
    });
    return { VerifyToken: verified.verifyToken, ExpiresInSeconds: verified.expiresInSeconds };
  }),
];

export const captchaRoutes: ServiceRoute[] = [
  route(getCaptchaChallenge, async ({ input, deps, clientIp }) =>
    createCaptchaChallenge(deps, { clientIp, mobile: input.Mobile }),
  ),
  route(checkCaptchaEndpoint, async ({ input, deps, clientIp }) => {
    const { captchaToken } = await checkCaptcha(deps, input, clientIp);
    return { CaptchaToken: captchaToken };
  }),
];
