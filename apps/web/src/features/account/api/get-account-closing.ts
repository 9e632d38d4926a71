import { getAccountClosing } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

/** What closing today means: the days of the cooling-off and the time the data would be erased. */
export function useAccountClosing() {
  return useQuery({
    queryKey: [getAccountClosing.name],
    queryFn: ({ signal }) => callEndpoint(getAccountClosing, {}, { signal }),
  });
}
