import { getPersonalCenterNumber } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, useSessionStore } from '../../../platform';

/** The personal centre's counts; kept in the session too (§3 personal-centre numbers). */
export async function fetchPersonalCenterNumber(signal?: AbortSignal) {
  const numbers = await callEndpoint(getPersonalCenterNumber, {}, { signal });
  useSessionStore.getState().setPersonalCenterNumbers(numbers);
  return numbers;
}

export function personalCenterNumberQueryOptions() {
  return queryOptions({
    queryKey: [getPersonalCenterNumber.name],
    queryFn: ({ signal }) => fetchPersonalCenterNumber(signal),
  });
}

export function usePersonalCenterNumber() {
  return useQuery(personalCenterNumberQueryOptions());
}
