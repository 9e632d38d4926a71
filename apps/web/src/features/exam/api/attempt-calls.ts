import {
  reportLeave,
  saveAnswers,
  startAttempt,
  submitAnswer,
  type RequestOf,
} from '@portal/contracts';
import { callEndpoint } from '../../../platform';

/*
 * The attempt's writes. Silent: the exam screen shows their state in place (保存中, 网络已断开…);
 * a toast per failed autosave would bury the paper. 401 and 429 are still handled by §8's layer.
 */

export function postStartAttempt(applyId: number) {
  return callEndpoint(startAttempt, { ApplyId: applyId }, { silent: true });
}

export function postSaveAnswers(input: RequestOf<typeof saveAnswers>) {
  return callEndpoint(saveAnswers, input, { silent: true });
}

export function postReportLeave(applyId: number) {
  return callEndpoint(reportLeave, { ApplyId: applyId }, { silent: true });
}

export function postSubmitAnswer(input: RequestOf<typeof submitAnswer>) {
  return callEndpoint(submitAnswer, input, { silent: true });
}
