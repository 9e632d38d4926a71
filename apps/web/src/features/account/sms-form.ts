import { mobileSchema, verifyShortMessage, type Endpoint, type SmsScene } from '@portal/contracts';
import { useRef } from 'react';
import { z } from 'zod';
import { HttpError } from '../../platform';
import { useContractForm } from '../../platform/forms';
import { verifySmsCode } from './api/sms';
import type { SmsCodeOptions } from './use-sms-code';

/** The number and the code, as ShortMessage/Verify checks them. */
export const smsFormSchema = z.object({
  mobile: mobileSchema,
  code: verifyShortMessage.request.shape.Code,
});
export type SmsFormValues = z.input<typeof smsFormSchema>;

const SMS_FIELD_OF: Record<string, 'mobile' | 'code'> = { Mobile: 'mobile', Code: 'code' };
export const VERIFY_EXPIRED = '验证已失效，请重新获取验证码';

/**
 * A form that proves a number with an SMS code before it acts: its fields are checked, the code is
 * traded for a VerifyToken (ShortMessage/Verify) and `act` runs with it. A 419 (the code or the
 * token ran out) marks the code field; server FieldErrors Mobile/Code mark theirs.
 */
export function useSmsVerifiedForm<
  E extends Endpoint,
  S extends z.ZodType<z.output<typeof smsFormSchema>, SmsFormValues & Record<string, unknown>>,
>(
  endpoint: E,
  options: {
    scene: SmsScene;
    schema: S;
    defaultValues: z.input<S>;
    act: (verifyToken: string, values: z.output<S>) => Promise<unknown>;
    /** The form's own fields the server may name in FieldErrors, beyond Mobile and Code. */
    fieldOf?: Record<string, string>;
  },
) {
  const fieldOf = { ...SMS_FIELD_OF, ...options.fieldOf };
  const form = useContractForm<E, z.input<S>, z.output<S>>(endpoint, {
    schema: options.schema as unknown as z.ZodType<z.output<S>, z.input<S>>,
    defaultValues: options.defaultValues as never,
    fieldOf: (name) => fieldOf[name] as never,
  });
  // A code is traded once; when `act` is refused for another field (a wrong password), the token
  // it gave serves the retry, so the candidate need not ask for a new code.
  const proof = useRef<{ mobile: string; code: string; verifyToken: string } | null>(null);
  const verifyOnce = async (mobile: string, code: string) => {
    const kept = proof.current;
    if (kept && kept.mobile === mobile && kept.code === code) return kept.verifyToken;
    const { VerifyToken } = await verifySmsCode({
      Mobile: mobile,
      Scene: options.scene,
      Code: code,
    });
    proof.current = { mobile, code, verifyToken: VerifyToken };
    return VerifyToken;
  };
  /** The submit handler; `before` may still call it off (a confirmation). */
  const submit = (before?: () => Promise<boolean>) =>
    form.submit(async (values) => {
      if (before && !(await before())) return;
      try {
        await options.act(await verifyOnce(values.mobile, values.code), values);
        proof.current = null;
      } catch (error) {
        if (!(error instanceof HttpError && error.code === 419)) throw error;
        proof.current = null;
        form.setError('code' as never, { type: 'server', message: VERIFY_EXPIRED });
      }
    });
  /** What 获取验证码 needs: the typed number, and where its problems go. */
  const smsCode = (check?: (mobile: string) => string | undefined): SmsCodeOptions => ({
    mobile: form.watch('mobile' as never) as unknown as string,
    scene: options.scene,
    check,
    onInvalidMobile: (message) =>
      form.setError('mobile' as never, { type: 'sms', message }, { shouldFocus: true }),
    onSent: () => form.clearErrors('mobile' as never),
  });
  return { form, submit, smsCode };
}
