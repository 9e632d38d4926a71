import { sendVerifyShortMessage, verifyShortMessage, type RequestOf } from '@portal/contracts';
import { callEndpoint } from '../../../platform';

/** ShortMessage/SendVerifyShortMessage: only with a CaptchaToken (§5). */
export function sendSmsCode(input: RequestOf<typeof sendVerifyShortMessage>) {
  return callEndpoint(sendVerifyShortMessage, input);
}

/** ShortMessage/Verify: a right code is traded for a single-use VerifyToken. */
export function verifySmsCode(input: RequestOf<typeof verifyShortMessage>) {
  return callEndpoint(verifyShortMessage, input);
}
