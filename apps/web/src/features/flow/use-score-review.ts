import { MAX_SCORE_REVIEW_REASON_LENGTH, requestScoreReview } from '@portal/contracts';
import { useContractForm } from '../../platform/forms';
import { useRequestScoreReview, useScore } from './api/get-score';

/**
 * The score page without its looks: the candidate's result, and a 复核 request checked by the
 * contract's rule first, sent once at a time; the form empties once filed.
 */
export function useScoreReview(applyId: number) {
  const score = useScore(applyId);
  const request = useRequestScoreReview(applyId);
  const form = useContractForm(requestScoreReview, {
    defaultValues: { ApplyId: applyId, Reason: '' },
  });
  const submit = form.submit(async (input) => {
    await request.mutateAsync({ ...input, ApplyId: applyId });
    form.reset({ ApplyId: applyId, Reason: '' });
  });
  return {
    score,
    form,
    submit,
    busy: form.formState.isSubmitting,
    length: (form.watch('Reason') ?? '').trim().length,
    maxLength: MAX_SCORE_REVIEW_REASON_LENGTH,
  };
}
