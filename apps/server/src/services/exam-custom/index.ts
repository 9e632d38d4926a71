import {
  CAPTCHA_SCENE,
  cooperateApply,
  getAttemptPaper,
  getExamine,
  getPractice,
  getPracticePaper,
  getScore,
  reportLeave,
  requestScoreReview,
  saveAnswers,
  savePractice,
  startAttempt,
  startPractice,
  submitAnswer,
  submitPractice,
} from '@portal/contracts';
import { consumeCaptchaToken } from '../../domain/accounts/captcha.js';
import { submitCooperation } from '../../domain/content/enterprise.js';
import {
  getAttemptPaper as readAttemptPaper,
  getExamSummary,
  reportExamLeave,
  saveExamAnswers,
  startExamAttempt,
  submitExamAttempt,
} from '../../domain/exams/exams.js';
import {
  getPracticePaper as readPracticePaper,
  getPracticeSummary,
  savePracticeAnswers,
  startPracticeAttempt,
  submitPracticeAttempt,
} from '../../domain/exams/practice.js';
import {
  getScore as readScore,
  requestScoreReview as fileScoreReview,
} from '../../domain/scores/scores.js';
import { EXAM_ROOM, route, type ServiceRoute } from '../route.js';

export const routes: ServiceRoute[] = [
  route(
    getExamine,
    async ({ input, requireUser, deps }) =>
      getExamSummary(deps.db, requireUser().userId, input.ApplyId, deps.now()),
    EXAM_ROOM,
  ),
  route(
    startAttempt,
    async ({ input, requireUser, deps }) =>
      startExamAttempt(deps.db, requireUser().userId, input.ApplyId, deps.now()),
    EXAM_ROOM,
  ),
  route(
    getAttemptPaper,
    async ({ input, requireUser, deps }) =>
      readAttemptPaper(deps.db, requireUser().userId, input.ApplyId, deps.now()),
    EXAM_ROOM,
  ),
  route(
    saveAnswers,
    async ({ input, requireUser, deps }) =>
      saveExamAnswers(deps.db, requireUser().userId, input, deps.now()),
    EXAM_ROOM,
  ),
  route(
    reportLeave,
    async ({ input, requireUser, deps }) =>
      reportExamLeave(deps.db, requireUser().userId, input, deps.now()),
    EXAM_ROOM,
  ),
  route(
    submitAnswer,
    async ({ input, requireUser, deps }) =>
      submitExamAttempt(deps.db, requireUser().userId, input, deps.now()),
    EXAM_ROOM,
  ),
  route(getPractice, async ({ input, requireUser, deps }) =>
    getPracticeSummary(deps.db, requireUser().userId, input.ApplyId, deps.now()),
  ),
  route(startPractice, async ({ input, requireUser, deps }) =>
    startPracticeAttempt(deps.db, requireUser().userId, input.ApplyId, deps.now()),
  ),
  route(getPracticePaper, async ({ input, requireUser, deps }) =>
    readPracticePaper(deps.db, requireUser().userId, input.ApplyId, deps.now()),
  ),
  route(savePractice, async ({ input, requireUser, deps }) =>
    savePracticeAnswers(deps.db, requireUser().userId, input, deps.now()),
  ),
  route(submitPractice, async ({ input, requireUser, deps }) =>
    submitPracticeAttempt(deps.db, requireUser().userId, input, deps.now()),
  ),
  route(getScore, async ({ input, requireUser, deps }) =>
    readScore(deps.db, requireUser().userId, input.ApplyId, deps.now()),
  ),
  route(requestScoreReview, async ({ input, requireUser, deps }) =>
    fileScoreReview(deps.db, requireUser().userId, input, deps.now()),
  ),
  route(cooperateApply, async ({ input: { CaptchaToken, ...input }, user, deps, clientIp }) => {
    await consumeCaptchaToken(deps, CaptchaToken, CAPTCHA_SCENE, clientIp);
    return submitCooperation(deps.db, input, {
      userId: user?.userId ?? null,
      clientIp,
      now: deps.now(),
    });
  }),
];
