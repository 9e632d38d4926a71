import { getExternalProjectList } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

export const EXTERNAL_PAGE_SIZE = 10;

/** One numbered page of the projects other sites run (ExternalProject/GetList). */
export function externalProjectsQueryOptions(pageIndex: number) {
  return queryOptions({
    queryKey: [getExternalProjectList.name, { PageIndex: pageIndex }],
    queryFn: ({ signal }) =>
      callEndpoint(
        getExternalProjectList,
        { PageIndex: pageIndex, PageSize: EXTERNAL_PAGE_SIZE },
        { signal },
      ),
  });
}

/** The page stays on screen while the next one loads. */
export function useExternalProjects(pageIndex: number) {
  return useQuery({
    ...externalProjectsQueryOptions(pageIndex),
    placeholderData: keepPreviousData,
  });
}
