import {
  previewGetApply,
  previewGetForm,
  previewSubmitForm,
  type FormValues,
} from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callPreview } from './preview-session';

/** Submits the reviewer's test entry: validated like a candidate's form, never an application. */
export function useSubmitPreviewForm(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { PositionId: number; Values: FormValues }) =>
      callPreview(previewSubmitForm, { ProjectId: projectId, ...input }),
    onSuccess: async (answer) => {
      queryClient.setQueryData([previewGetForm.name, { ProjectId: projectId }], answer);
      await queryClient.invalidateQueries({ queryKey: [previewGetApply.name] });
    },
  });
}
