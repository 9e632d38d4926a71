import { submitAsk } from '@portal/contracts';
import { useMemo } from 'react';
import { z } from 'zod';
import { useContractForm } from '../../platform/forms';
import { useSubmitAsk } from './api/submit-ask';
import { questionContentSchema, questionLength } from './question-rules';

/**
 * Asking the organiser a question without its looks: the 5–500 character rule checked first,
 * Project/SubmitAsk once at a time, my questions read again; a refusal keeps what was typed.
 */
export function useQuestionSend({ projectId, onSent }: { projectId: number; onSent: () => void }) {
  const ask = useSubmitAsk();
  const schema = useMemo(
    () =>
      z
        .object({ Content: questionContentSchema })
        .transform(({ Content }) => ({ ProjectId: projectId, Content })),
    [projectId],
  );
  const form = useContractForm(submitAsk, { schema, defaultValues: { Content: '' } });
  const submit = form.submit(async (request) => {
    await ask.mutateAsync(request);
    onSent();
  });
  return {
    form,
    submit,
    busy: form.formState.isSubmitting,
    /** Characters typed, as the server counts them. */
    length: questionLength(form.watch('Content')),
  };
}
