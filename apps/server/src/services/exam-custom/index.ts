import { cooperateApply, getExamine, submitAnswer } from '@portal/contracts';
import { submitCooperation } from '../../domain/enterprise.js';
import { getExamPaper, submitExamAnswers } from '../../domain/exams.js';
import { route, type ServiceRoute } from '../route.js';

export const routes: ServiceRoute[] = [
  route(getExamine, async ({ input, requireUser, deps }) =>
    getExamPaper(deps.db, requireUser().userId, input.ApplyId, deps.now()),
  ),
  route(submitAnswer, async ({ input, requireUser, deps }) =>
    submitExamAnswers(deps.db, requireUser().userId, input, deps.now()),
  ),
  route(cooperateApply, async ({ input, user, deps, clientIp }) =>
    submitCooperation(deps.db, input, {
      userId: user?.userId ?? null,
      clientIp,
      now: deps.now(),
    }),
  ),
];
