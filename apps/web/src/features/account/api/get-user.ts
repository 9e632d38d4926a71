import { getUser } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadProfile, useSessionStore } from '../../../platform';

/** User/GetUser into the session (§3), which every account screen reads. */
export function accountProfileQueryOptions() {
  return queryOptions({
    queryKey: [getUser.name],
    queryFn: loadProfile,
  });
}

/** The signed-in person's profile; loaded when the session has none yet. */
export function useAccountProfile(enabled = true) {
  const profile = useSessionStore((s) => s.userData);
  const query = useQuery({ ...accountProfileQueryOptions(), enabled: enabled && profile === null });
  return { profile, query };
}
