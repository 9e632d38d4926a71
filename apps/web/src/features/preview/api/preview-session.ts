import {
  previewLogin,
  previewLogout,
  type Endpoint,
  type RequestOf,
  type ResponseOf,
} from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, PREVIEW_LOGIN_NAME, type CallOptions } from '../../../platform';

/** §3: the reviewer's login name, kept in session storage while preview mode lasts. */
export function previewLoginName(): string | null {
  return sessionStorage.getItem(PREVIEW_LOGIN_NAME);
}

/**
 * The reviewer's sign-in: the server sets its HttpOnly proof; the SPA keeps PreviewLoginName
 * (§3 §6) so every request carries it as LoginName.
 */
export function usePreviewLogin() {
  return useMutation({
    mutationFn: (input: RequestOf<typeof previewLogin>) =>
      callEndpoint(previewLogin, input, { silent: true }),
    onSuccess: (reviewer) => sessionStorage.setItem(PREVIEW_LOGIN_NAME, reviewer.LoginName),
  });
}

/** Leaves preview mode: the proof is ended on the server and PreviewLoginName forgotten. */
export async function leavePreview(): Promise<void> {
  const loginName = previewLoginName();
  try {
    if (loginName) await callEndpoint(previewLogout, { LoginName: loginName }, { silent: true });
  } finally {
    sessionStorage.removeItem(PREVIEW_LOGIN_NAME);
  }
}

/** A preview call: LoginName is the stored PreviewLoginName (the HTTP layer adds it too, §6). */
export function callPreview<E extends Endpoint>(
  endpoint: E,
  input: Omit<RequestOf<E>, 'LoginName'>,
  options?: CallOptions,
): Promise<ResponseOf<E>> {
  return callEndpoint(
    endpoint,
    { ...input, LoginName: previewLoginName() ?? '' } as RequestOf<E>,
    options,
  );
}
