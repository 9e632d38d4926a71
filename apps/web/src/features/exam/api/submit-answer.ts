import { submitAnswer, submitPractice, type RequestOf } from '@portal/contracts';
import { callEndpoint } from '../../../platform';

/*
 * The attempt's writes are silent: the exam screen shows their state in place (保存中,
 * 网络已断开…); a toast per failed autosave would bury the paper. 401 and 429 are still handled
 * by §8's layer.
 */
export function postSubmitAnswer(input: RequestOf<typeof submitAnswer>, practice = false) {
  return practice
    ? callEndpoint(submitPractice, input, { silent: true })
    : callEndpoint(submitAnswer, input, { silent: true });
}
