import { bindAccount, getWeChatBindUser, getWeChatConfig } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, loadProfile } from '../../../platform';

export function weChatBindUserQueryOptions() {
  return queryOptions({
    queryKey: [getWeChatBindUser.name],
    queryFn: ({ signal }) => callEndpoint(getWeChatBindUser, {}, { signal }),
  });
}

export function useWeChatBindUser() {
  return useQuery(weChatBindUserQueryOptions());
}

/**
 * BindWeChat/GetWeChatConfig: where to authorise, returning to ReturnUrl with ?code=&state= —
 * inside WeChat its own authorisation page, elsewhere the website app's QR page.
 */
export function fetchWeChatAuthorize(returnUrl: string, way: 'inside' | 'qr') {
  return callEndpoint(getWeChatConfig, { ReturnUrl: returnUrl, Way: way });
}

export function useBindWeChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (authorisation: { Code: string; State: string }) =>
      callEndpoint(bindAccount, authorisation),
    onSuccess: async (user) => {
      const { queryKey } = weChatBindUserQueryOptions();
      // A read that started before the binding must not bring back the unbound state.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, user);
      void loadProfile().catch(() => undefined);
    },
  });
}
