import { reportLeave, type LeaveEvent } from '@portal/contracts';
import { callEndpoint } from '../../../platform';

/*
 * The attempt's writes are silent: the exam screen shows their state in place (保存中,
 * 网络已断开…); a toast per failed autosave would bury the paper. 401 and 429 are still handled
 * by §8's layer.
 */
export function postReportLeave(applyId: number, event: LeaveEvent) {
  // The page may be closing (a reload, the tab closed): the Hidden report must still go.
  return callEndpoint(
    reportLeave,
    { ApplyId: applyId, Event: event },
    { silent: true, keepalive: event === 'Hidden' },
  );
}
