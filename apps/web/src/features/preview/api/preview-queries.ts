import {
  previewGetApply,
  previewGetForm,
  previewGetNotice,
  previewGetProject,
  previewGetProjectPosition,
  type ApplyStatus,
} from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
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
