import { getProjectUserAsk } from '@portal/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { nextPageIndex } from '../../../shared/paging';

export const MY_QUESTION_PAGE_SIZE = 10;

/** The questions I asked, of one project or of all, page by page. */
export function myQuestionsQueryOptions(projectId: number | undefined) {
  return infiniteQueryOptions({
    queryKey: [getProjectUserAsk.name, { ProjectId: projectId }],
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        getProjectUserAsk,
        { ProjectId: projectId, PageIndex: pageParam, PageSize: MY_QUESTION_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex,
  });
}

export function useMyQuestions(projectId: number | undefined, enabled: boolean) {
  return useInfiniteQuery({ ...myQuestionsQueryOptions(projectId), enabled });
}
