import { getUserApplyArchive, saveUserApplyArchive, type RequestOf } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

export function saveApplyArchive(input: RequestOf<typeof saveUserApplyArchive>) {
  return callEndpoint(saveUserApplyArchive, input);
}

export function useSaveApplyArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveApplyArchive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [getUserApplyArchive.name] }),
  });
}
