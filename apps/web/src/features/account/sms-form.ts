import { mobileSchema, verifyShortMessage, type Endpoint, type SmsScene } from '@portal/contracts';
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
  },
) {
  const form = useContractForm<E, z.input<S>, z.output<S>>(endpoint, {
    schema: options.schema as unknown as z.ZodType<z.output<S>, z.input<S>>,
    defaultValues: options.defaultValues as never,
    fieldOf: (name) => SMS_FIELD_OF[name] as never,
  });
  /** The submit handler; `before` may still call it off (a confirmation). */
  const submit = (before?: () => Promise<boolean>) =>
    form.submit(async (values) => {
      if (before && !(await before())) return;
      try {
        const { VerifyToken } = await verifySmsCode({
          Mobile: values.mobile,
          Scene: options.scene,
          Code: values.code,
        });
        await options.act(VerifyToken, values);
      } catch (error) {
        if (!(error instanceof HttpError && error.code === 419)) throw error;
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
