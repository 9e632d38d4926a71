import {
  getApply,
  getPersonalCenterNumber,
  getUserProject,
  getUserRunProject,
  submitAnswer,
  type ExamPaper,
  type RequestOf,
} from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { examineQueryOptions } from './get-examine';

export type ExamAnswers = RequestOf<typeof submitAnswer>['Answers'];

/**
 * Silent: the screen keeps a failure on the page beside a retry (a toast would vanish while the
 * candidate's answers wait), and a 409 is not an error to show but a result to fetch. 401 and 429
 * are still handled by the HTTP layer (§8).
 */
export function postAnswers(applyId: number, answers: ExamAnswers) {
  return callEndpoint(submitAnswer, { ApplyId: applyId, Answers: answers }, { silent: true });
}

/** Submitting finishes the application: the flow, the lists and the numbers are read again. */
export function useSubmitAnswer(applyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: ExamAnswers) => postAnswers(applyId, answers),
    onSuccess: (result) => {
      queryClient.setQueryData(examineQueryOptions(applyId).queryKey, (paper?: ExamPaper) =>
        paper ? { ...paper, Submitted: true, Score: result.Score } : paper,
      );
      for (const endpoint of [getApply, getUserProject, getUserRunProject, getPersonalCenterNumber])
        void queryClient.invalidateQueries({ queryKey: [endpoint.name] });
    },
  });
}
