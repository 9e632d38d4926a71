import { getScore, requestScoreReview, type RequestOf } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

/** The candidate's own result in a project, and their 复核 requests. */
export function scoreQueryOptions(applyId: number) {
  return queryOptions({
    queryKey: [getScore.name, { ApplyId: applyId }],
    queryFn: ({ signal }) => callEndpoint(getScore, { ApplyId: applyId }, { signal }),
  });
}

export function useScore(applyId: number) {
  return useQuery({ ...scoreQueryOptions(applyId), enabled: isId(applyId) });
}

/** Files a 复核; the answer is the new view. A refusal reads the view again (the server's state). */
export function useRequestScoreReview(applyId: number) {
  const queryClient = useQueryClient();
  const key = scoreQueryOptions(applyId).queryKey;
  return useMutation({
    mutationFn: (input: RequestOf<typeof requestScoreReview>) =>
      callEndpoint(requestScoreReview, input),
    onSuccess: (view) => queryClient.setQueryData(key, view),
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
