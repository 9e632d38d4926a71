import { getProjectUserAsk, submitAsk, type RequestOf } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

export function sendQuestion(input: RequestOf<typeof submitAsk>) {
  return callEndpoint(submitAsk, input);
}

/** Asks a question; my questions are read again so the new one is there. */
export function useSubmitAsk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [getProjectUserAsk.name] }),
  });
}
