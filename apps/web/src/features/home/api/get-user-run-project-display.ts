import { getUserRunProjectDisplay } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

export function fetchRunProjectDisplay(signal?: AbortSignal) {
  return callEndpoint(getUserRunProjectDisplay, {}, { signal });
}

export function runProjectDisplayQueryOptions() {
  return queryOptions({
    queryKey: [getUserRunProjectDisplay.name],
    queryFn: ({ signal }) => fetchRunProjectDisplay(signal),
  });
}

/** The home page's "in progress" strip; only asked for when signed in (the call needs a token). */
export function useRunProjectDisplay(signedIn: boolean) {
  return useQuery({ ...runProjectDisplayQueryOptions(), enabled: signedIn });
}
