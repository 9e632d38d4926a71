import { closeAccount } from '@portal/contracts';
import { useMemo } from 'react';
import { z } from 'zod';
import { useSessionStore } from '../../platform';
import { formatDate } from '../../shared/date';
import { useCloseAccount } from './api/account-mutations';
import { useAccountClosing } from './api/get-account-closing';
import { smsFormSchema, useSmsVerifiedForm } from './sms-form';
import { maskMobile } from '@portal/contracts';

/** The typed number must be the account's own: its masked form matches the profile's. */
export function matchesMaskedMobile(typed: string, masked: string): boolean {
  return !masked || maskMobile(typed) === masked;
}

/** What GetAccountClosing answers (undefined until it has). */
type Closing = { CoolingOffDays: number; EraseTime: string } | undefined;
const eraseDateOf = (closing: NonNullable<Closing>) =>
  formatDate(closing.EraseTime, 'YYYY年MM月DD日');

/** The cooling-off said plainly: when the data goes, and that signing in before then cancels. */
export function coolingOffText(closing: NonNullable<Closing>): string {
  return `注销申请提交后有${closing.CoolingOffDays}天冷静期：${eraseDateOf(closing)}后，您的姓名、身份证号、手机号、照片、上传的材料、报名档案和报名表将被删除，无法恢复；在此之前重新登录即可撤销注销。`;
}

/** The last question before closing. */
export const closingQuestion = (closing: Closing): string =>
  closing
    ? `注销后，您的个人信息将在${eraseDateOf(closing)}后删除，无法恢复；在此之前重新登录可撤销注销。确定注销吗？`
    : '确定注销账号吗？';

/** What is said once it is closed. */
export const closedNotice = (closing: Closing): string =>
  closing
    ? `账号已注销，您已退出登录。${eraseDateOf(closing)}前重新登录即可撤销注销；之后个人信息将被删除。`
    : '账号已注销，您已退出登录。';

/** What closing does besides, item by item, on both layouts. */
export function closingConsequences(masked: string): string[] {
  return [
    '注销后立即退出登录，本账号不能再使用，进行中的报名和考试将无法继续。',
    `手机号${masked ? ` ${masked} ` : ''}将被释放，可以用来注册新账号。`,
    '已绑定的微信将被解除绑定。',
    '缴费和订单记录按法律规定保留，其中的身份信息将被遮盖。',
  ];
}

/**
 * my/cancelPhone without its looks: the account's own number, its code, the consequences
 * understood; then (after `confirm`) the code is verified and User/CloseAccount closes the account.
 */
export function useCloseAccountForm({
  confirm,
  onClosed,
}: {
  /** Asks the person once more; false calls it off. */
  confirm: () => Promise<boolean>;
  onClosed: () => void;
}) {
  const masked = useSessionStore((s) => s.userData?.Mobile ?? '');
  const closing = useAccountClosing().data;
  const close = useCloseAccount();
  const ownNumberProblem = (typed: string) =>
    matchesMaskedMobile(typed, masked) ? undefined : `请填写本账号绑定的手机号 ${masked}`;
  const schema = useMemo(
    () =>
      smsFormSchema
        .extend({
          understood: z.boolean().refine(Boolean, '请先确认已了解注销的后果'),
        })
        .refine((v) => matchesMaskedMobile(v.mobile, masked), {
          path: ['mobile'],
          message: `请填写本账号绑定的手机号 ${masked}`,
        }),
    [masked],
  );
  const { form, submit, smsCode } = useSmsVerifiedForm(closeAccount, {
    scene: 'CloseAccount',
    schema,
    defaultValues: { mobile: '', code: '', understood: false },
    act: async (VerifyToken) => {
      await close.mutateAsync({ VerifyToken });
      onClosed();
    },
  });
  return {
    form,
    masked,
    closing,
    coolingOff: closing ? coolingOffText(closing) : null,
    consequences: closingConsequences(masked),
    ownNumberProblem,
    smsCode: smsCode(ownNumberProblem),
    submit: submit(confirm),
    busy: form.formState.isSubmitting,
  };
}
