import { saveAnswers, savePractice, type RequestOf } from '@portal/contracts';
import { callEndpoint } from '../../../platform';

/*
 * The attempt's writes are silent: the exam screen shows their state in place (保存中,
 * 网络已断开…); a toast per failed autosave would bury the paper. 401 and 429 are still handled
 * by §8's layer.
 */
export function postSaveAnswers(input: RequestOf<typeof saveAnswers>, practice = false) {
  return callEndpoint(practice ? savePractice : saveAnswers, input, { silent: true });
}
