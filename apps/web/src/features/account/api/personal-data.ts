import { exportPersonalData, getPersonalDataEvents } from '@portal/contracts';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { nextPageIndex } from '../../../shared/paging';
import { saveBase64File } from '../../../shared/save-file';

const PAGE_SIZE = 10;

/** 谁查看了我的信息: the audit entries about the signed-in person, newest first, page by page. */
export const personalDataEventsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [getPersonalDataEvents.name],
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        getPersonalDataEvents,
        { PageIndex: pageParam, PageSize: PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex,
  });

export const usePersonalDataEvents = () => useInfiniteQuery(personalDataEventsQueryOptions());

/** 下载我的个人信息: the ZIP saved as a file; the download itself then shows in the list. */
export function useExportPersonalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(exportPersonalData, {}),
    onSuccess: (file) => {
      saveBase64File(file.Base64, file.FileName, file.ContentType);
      return queryClient.invalidateQueries({ queryKey: [getPersonalDataEvents.name] });
    },
  });
}
