import type { KoaContext } from 'oidc-provider';

/** The SMS path of the sign-in and sign-up pages (slide check, send, verify). */
export interface SmsSignIn {
  /** The page script that runs the slide check and sends the code. */
  pageScript(action: string): string;
  /** JSON endpoints the script calls: `captcha` (a challenge) and `sms-code` (send). */
  handleJson(ctx: KoaContext, action: 'captcha' | 'sms-code'): Promise<void>;
  signIn(input: {
    mobile: string;
    code: string;
    address: string;
  }): Promise<{ ok: boolean; userId?: number; message?: string }>;
  verifySignUp(input: { mobile: string; code: string }): Promise<{ ok: boolean; message?: string }>;
}
