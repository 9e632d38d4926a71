import {
  CAPTCHA_SCENE,
  previewGeneratePrint,
  previewGetApply,
  previewGetForm,
  previewGetNotice,
  previewGetProject,
  previewGetProjectList,
  previewGetProjectPosition,
  previewLogin,
  previewLogout,
  previewSubmitForm,
} from '@portal/contracts';
import { consumeCaptchaToken } from '../../domain/accounts/captcha.js';
import { badRequest, forbidden, tooManyRequests } from '../../domain/errors.js';
import {
  endPreviewSession,
  getPreviewFlow,
  getPreviewForm,
  PREVIEW_OTHER_TENANT,
  PREVIEW_SESSION_TTL_SECONDS,
  PREVIEW_SIGN_IN_FAILED,
  startPreviewSession,
  submitPreviewEntry,
  verifyReviewerPassword,
} from '../../domain/preview/preview.js';
import { listProjectNotices } from '../../domain/notices/project-notices.js';
import {
  listPositions,
  listProjects,
  requireProject,
  toProjectDetail,
} from '../../domain/projects/projects.js';
import { tenantIdFor } from '../../domain/sites/tenants.js';
import { sampleTicket } from '../../domain/tickets/tickets.js';
import { createAttemptLimiter, tooManyAttempts } from '../../platform/attempt-limiter.js';
import type { KeyValueStore } from '../../platform/kv-store.js';
import { count, counterFor } from '../../platform/rate-limits.js';
import { route, type ServiceRoute } from '../route.js';

/** After this many failed preview sign-ins of one login name, the human check (proof of work) is asked for. */
export const PREVIEW_FAILURES_BEFORE_CAPTCHA = 2;
/** A LoginName's failed passwords, kept a quarter of an hour from the first. */
const failuresOf = (store: KeyValueStore) =>
  counterFor(store, {
    name: 'preview-failures',
    points: PREVIEW_FAILURES_BEFORE_CAPTCHA,
    durationSeconds: 15 * 60,
  });

// Sign-in's own limits, on a key space of their own (a login name is not a mobile number).

/**
 * ProjectPreview/ calls (§6): a reviewer, proven by the preview login's HttpOnly proof and named by
 * LoginName, sees a project of their tenant as a candidate would. No answer carries a candidate's data.
 */
export const previewRoutes: ServiceRoute[] = [
  route(previewLogin, async ({ input, deps, clientIp, host, previewProof }) => {
    const limiter = createAttemptLimiter(deps.store);
    const failures = failuresOf(deps.store);
    const attemptKey = `preview:${input.LoginName}`;
    const failed = (await failures.get(input.LoginName))?.consumedPoints ?? 0;
    if (failed >= PREVIEW_FAILURES_BEFORE_CAPTCHA) {
      if (!input.CaptchaToken)
        throw badRequest('请先完成安全验证', { Captcha: '请先完成安全验证' });
      await consumeCaptchaToken(deps, input.CaptchaToken, CAPTCHA_SCENE, clientIp);
    }
    const wait = await limiter.startAttempt(attemptKey, clientIp);
    if (wait > 0) throw tooManyRequests(tooManyAttempts(wait));
    const reviewer = await verifyReviewerPassword(deps.db, input.LoginName, input.Password);
    if (!reviewer) {
      await count(failures, input.LoginName);
      throw badRequest(PREVIEW_SIGN_IN_FAILED, { Password: PREVIEW_SIGN_IN_FAILED });
    }
    if (reviewer.tenantId !== (await tenantIdFor(deps.db, host, null)))
      throw forbidden(PREVIEW_OTHER_TENANT);
    await Promise.all([limiter.succeeded(attemptKey, clientIp), failures.delete(input.LoginName)]);
    previewProof.set(await startPreviewSession(deps.store, reviewer), PREVIEW_SESSION_TTL_SECONDS);
    return {
      LoginName: reviewer.loginName,
      Name: reviewer.name,
      TenantName: reviewer.tenantName,
      ExpiresInSeconds: PREVIEW_SESSION_TTL_SECONDS,
    };
  }),
  route(previewLogout, async ({ deps, previewProof }) => {
    if (previewProof.sent) await endPreviewSession(deps.store, previewProof.sent);
    previewProof.clear();
    return null;
  }),
  route(previewGetNotice, async ({ input, deps, requireReviewer }) =>
    listProjectNotices(
      deps.db,
      requireReviewer().tenantId,
      { PageIndex: 1, PageSize: 50, ProjectId: input.ProjectId },
      deps.now(),
    ),
  ),
  route(previewGetForm, async ({ input, deps, requireReviewer }) =>
    getPreviewForm(
      deps.db,
      requireReviewer(),
      input.ProjectId,
      deps.config.applicationRetentionDays,
      deps.now(),
    ),
  ),
  route(previewSubmitForm, async ({ input, deps, requireReviewer }) =>
    submitPreviewEntry(
      deps.db,
      requireReviewer(),
      input,
      deps.now(),
      deps.config.applicationRetentionDays,
    ),
  ),
  route(previewGetProjectList, async ({ input, deps, requireReviewer }) => {
    const { Items, Total, PageIndex, PageSize } = await listProjects(
      deps.db,
      requireReviewer().tenantId,
      input,
      deps.now(),
    );
    return { Items, Total, PageIndex, PageSize };
  }),
  route(previewGetProject, async ({ input, deps, requireReviewer }) => {
    // A preview leaves no footprint and follows nothing: the project as an anonymous candidate sees it.
    const project = await requireProject(deps.db, input.ProjectId, requireReviewer().tenantId);
    return toProjectDetail(deps.db, project, deps.now());
  }),
  route(previewGetApply, async ({ input, deps, requireReviewer, clientIp }) =>
    getPreviewFlow(deps.db, requireReviewer(), input, deps.now(), clientIp),
  ),
  route(previewGetProjectPosition, async ({ input, deps, requireReviewer }) =>
    listPositions(deps.db, input.ProjectId, requireReviewer().tenantId),
  ),
  route(previewGeneratePrint, async ({ input, deps, requireReviewer }) =>
    sampleTicket(deps.db, requireReviewer().tenantId, input.ProjectId),
  ),
];
