import { getCommonSolutionDetails } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

export function commonSolutionDetailsQueryOptions(solutionId: number) {
  return queryOptions({
    queryKey: [getCommonSolutionDetails.name, { SolutionId: solutionId }],
    queryFn: ({ signal }) =>
      callEndpoint(getCommonSolutionDetails, { SolutionId: solutionId }, { signal }),
  });
}

export function useCommonSolutionDetails(solutionId: number) {
  return useQuery({ ...commonSolutionDetailsQueryOptions(solutionId), enabled: isId(solutionId) });
}
