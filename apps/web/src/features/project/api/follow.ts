import { follow, getProject, getUserCollectProject, type RequestOf } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

export function followProject(input: RequestOf<typeof follow>) {
  return callEndpoint(follow, input);
}

/** Follows or unfollows; the project and the favourites list are read again. */
export function useFollowProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followProject,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [getProject.name] }),
        queryClient.invalidateQueries({ queryKey: [getUserCollectProject.name] }),
      ]),
  });
}
