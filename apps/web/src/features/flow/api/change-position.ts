import { changePosition, getProjectPosition } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { WITHDRAW_TOUCHES } from './withdraw-apply';

/** ProjectApply/ChangePosition (改报): the server decides whether the change is allowed. */
export function useChangePositionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ApplyId: number; PositionId: number }) =>
      callEndpoint(changePosition, input),
    // What withdrawing touches, and the positions' 已报名 counts.
    onSettled: () => {
      for (const endpoint of [...WITHDRAW_TOUCHES, getProjectPosition])
        void queryClient.invalidateQueries({ queryKey: [endpoint.name] });
    },
  });
}
