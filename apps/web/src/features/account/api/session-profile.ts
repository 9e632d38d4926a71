import { getUser } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadProfile, useSessionStore } from '../../../platform';

/** §2 §3: the profile lives in the session; this loads it when the session has none yet. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: [getUser.name],
    // The profile loaded, not the store's afterwards: another load may have written it since.
    queryFn: loadProfile,
  });
}

/**
 * The session's profile, loading it (with loading and error states) only when it is missing and
 * someone is signed in: a sign-out empties the session while the page is still shown, and a call
 * without a token then would answer 401 and send the page to sign in instead of signing out.
 */
export function useProfile() {
  const userData = useSessionStore((s) => s.userData);
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const query = useQuery({ ...profileQueryOptions(), enabled: signedIn && userData === null });
  return { profile: userData, query };
}

/** The desktop header's name and avatar: once someone is signed in, the profile is loaded once. */
export function useSignedInProfile(): void {
  useProfile();
}
