import { getForm } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

/** The project's form, with the candidate's application and its values when there is one. */
export function fetchForm(projectId: number, signal?: AbortSignal) {
  return callEndpoint(getForm, { ProjectId: projectId }, { signal });
}

export function formQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: [getForm.name, { ProjectId: projectId }],
    queryFn: ({ signal }) => fetchForm(projectId, signal),
  });
}

export function useApplyFormQuery(projectId: number) {
  return useQuery({ ...formQueryOptions(projectId), enabled: isId(projectId) });
}
