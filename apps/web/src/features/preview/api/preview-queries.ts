import {
  previewGetApply,
  previewGetForm,
  previewGetNotice,
  previewGetProject,
  previewGetProjectList,
  previewGetProjectPosition,
  type ApplyStatus,
} from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isId } from '../../../shared/id';
import { callPreview } from './preview-session';

/** The ProjectPreview/ reads of one project: what a candidate will see, before it is published. */
function usePreviewRead<E extends Parameters<typeof callPreview>[0]>(
  endpoint: E,
  input: { ProjectId: number } & Record<string, unknown>,
) {
  return useQuery({
    queryKey: [endpoint.name, input],
    queryFn: ({ signal }) =>
      callPreview(endpoint, input as unknown as Parameters<typeof callPreview<E>>[1], { signal }),
    enabled: isId(input.ProjectId),
  });
}

export const usePreviewProject = (projectId: number) =>
  usePreviewRead(previewGetProject, { ProjectId: projectId });

export const usePreviewPositions = (projectId: number) =>
  usePreviewRead(previewGetProjectPosition, { ProjectId: projectId });

export const usePreviewNotices = (projectId: number) =>
  usePreviewRead(previewGetNotice, { ProjectId: projectId });

/** The form, with the reviewer's own test entry once there is one. */
export const usePreviewForm = (projectId: number) =>
  usePreviewRead(previewGetForm, { ProjectId: projectId });

/** The flow as a candidate sees it at `status` (default: the test entry's). */
export const usePreviewFlow = (projectId: number, status?: ApplyStatus) =>
  usePreviewRead(previewGetApply, { ProjectId: projectId, Status: status });

/** The reviewer's tenant's projects, to choose one when the address names none. */
export const usePreviewProjectList = (query: { Keyword?: string; PageIndex: number }) =>
  useQuery({
    queryKey: [previewGetProjectList.name, query],
    queryFn: ({ signal }) =>
      callPreview(
        previewGetProjectList,
        { ...query, PageSize: PROJECT_CHOOSER_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const PROJECT_CHOOSER_PAGE_SIZE = 10;
