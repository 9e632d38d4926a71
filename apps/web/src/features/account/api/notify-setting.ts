import { getNotifySetting, saveNotifySetting, type NotifySetting } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

export function notifySettingQueryOptions() {
  return queryOptions({
    queryKey: [getNotifySetting.name],
    queryFn: ({ signal }) => callEndpoint(getNotifySetting, {}, { signal }),
  });
}

/** User/GetNotifySetting and User/SaveNotifySetting: whether reminders are sent by SMS. */
export function useNotifySetting() {
  const queryClient = useQueryClient();
  const query = useQuery(notifySettingQueryOptions());
  const save = useMutation({
    mutationFn: (setting: NotifySetting) => callEndpoint(saveNotifySetting, setting),
    onSuccess: async (setting) => {
      const { queryKey } = notifySettingQueryOptions();
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, setting);
    },
  });
  return { query, save };
}
