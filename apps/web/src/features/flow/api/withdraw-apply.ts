import {
  getApply,
  getForm,
  getPersonalCenterNumber,
  getUserPaymentOrder,
  getUserProject,
  getUserRunProject,
  withdrawApply,
} from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

/** What a withdrawal (or 改报) changes elsewhere: the flow, the form's application, the lists and numbers. */
export const WITHDRAW_TOUCHES = [
  getApply,
  getForm,
  getUserProject,
  getUserRunProject,
  getUserPaymentOrder,
  getPersonalCenterNumber,
] as const;

/** ProjectApply/WithdrawApply: the server decides whether the application may be withdrawn. */
export function useWithdrawApplyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applyId: number) => callEndpoint(withdrawApply, { ApplyId: applyId }),
    onSettled: () => {
      for (const endpoint of WITHDRAW_TOUCHES)
        void queryClient.invalidateQueries({ queryKey: [endpoint.name] });
    },
  });
}
