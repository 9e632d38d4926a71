import { cooperateApply, type RequestOf } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

export type CooperateInput = RequestOf<typeof cooperateApply>;

export function sendCooperateApply(input: CooperateInput) {
  return callEndpoint(cooperateApply, input);
}

export function useCooperateApply() {
  return useMutation({ mutationFn: sendCooperateApply });
}
