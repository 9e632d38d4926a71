import {
  apply,
  getApply,
  getForm,
  getUserProject,
  modifyApply,
  type RequestOf,
} from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

export function submitApply(input: RequestOf<typeof apply>) {
  return callEndpoint(apply, input);
}
export function submitModifyApply(input: RequestOf<typeof modifyApply>) {
  return callEndpoint(modifyApply, input);
}

const AFFECTED = [getForm.name, getApply.name, getUserProject.name];

/** Apply (new) or ModifyApply (returned for changes); the form, the flow and my projects are read again. */
export function useSubmitApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { kind: 'apply'; body: RequestOf<typeof apply> }
        | { kind: 'modify'; body: RequestOf<typeof modifyApply> },
    ) => (input.kind === 'apply' ? submitApply(input.body) : submitModifyApply(input.body)),
    onSuccess: () =>
      Promise.all(AFFECTED.map((name) => queryClient.invalidateQueries({ queryKey: [name] }))),
  });
}
