import { changeMobile, closeAccount, updateLoginPwd, type RequestOf } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, useSessionStore } from '../../../platform';

export function useUpdateLoginPwd() {
  return useMutation({
    mutationFn: (input: RequestOf<typeof updateLoginPwd>) => callEndpoint(updateLoginPwd, input),
  });
}

/** User/ChangeMobile with the VerifyToken of the new number (scene ChangeMobile). */
export function useChangeMobile() {
  return useMutation({
    mutationFn: (input: RequestOf<typeof changeMobile>) => callEndpoint(changeMobile, input),
    onSuccess: (profile) => useSessionStore.getState().setProfile(profile),
  });
}

/** User/CloseAccount with the VerifyToken of the account's own number (scene CloseAccount). */
export function useCloseAccount() {
  return useMutation({
    mutationFn: (input: RequestOf<typeof closeAccount>) => callEndpoint(closeAccount, input),
  });
}
