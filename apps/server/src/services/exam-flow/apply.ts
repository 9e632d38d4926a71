import {
  apply,
  changePosition,
  getForm,
  getFormReport,
  modifyApply,
  saveApplyDraft,
  withdrawApply,
} from '@portal/contracts';
import {
  getFormReport as buildFormReport,
  getFormWithApply,
  modifyApplication,
  submitApplication,
} from '../../domain/applications/applications.js';
import { saveDraft } from '../../domain/applications/drafts.js';
import { changeApplicationPosition } from '../../domain/applications/change-position.js';
import { withdrawApplication } from '../../domain/applications/withdraw.js';
import { ownEvent, recordPersonalDataEvent } from '../../domain/privacy/audit-trail.js';
import { uploadSignerOf } from '../../domain/uploads/uploads.js';
import type { AppDeps } from '../../platform/deps.js';
import { route, type ServiceRoute } from '../route.js';

/** The candidate's form values, sent or changed, in their audit trail. */
const recordOwnApplication = (deps: AppDeps, userId: number, applyId: number, address: string) =>
  recordPersonalDataEvent(
    deps.db,
    ownEvent(userId, 'change', `application:${applyId}`, address),
    deps.now(),
  );

/** ProjectApply/ calls: the form, its draft, applying (again), changing a returned application, withdrawing, 改报, the report. */
export const applyRoutes: ServiceRoute[] = [
  route(getForm, async ({ input, requireUser, deps }) =>
    getFormWithApply(
      deps.db,
      requireUser(),
      input.ProjectId,
      uploadSignerOf(deps.secrets, deps.now()),
      deps.config.applicationRetentionDays,
      deps.now(),
    ),
  ),
  route(apply, async ({ input, requireUser, deps, clientIp }) => {
    const user = requireUser();
    const applied = await submitApplication(deps, user, input, deps.now(), clientIp);
    await recordOwnApplication(deps, user.userId, applied.ApplyId, clientIp);
    return applied;
  }),
  route(modifyApply, async ({ input, requireUser, deps, clientIp }) => {
    const { userId } = requireUser();
    const modified = await modifyApplication(deps, userId, input, deps.now(), clientIp);
    await recordOwnApplication(deps, userId, modified.ApplyId, clientIp);
    return modified;
  }),
  route(saveApplyDraft, async ({ input, requireUser, deps }) =>
    saveDraft(deps.db, requireUser(), input, deps.now()),
  ),
  route(withdrawApply, async ({ input, requireUser, deps }) =>
    withdrawApplication(
      deps.db,
      deps.gateways.payment,
      requireUser().userId,
      input.ApplyId,
      deps.now(),
    ),
  ),
  route(changePosition, async ({ input, requireUser, deps }) =>
    changeApplicationPosition(deps.db, deps.gateways.payment, requireUser(), input, deps.now()),
  ),
  route(getFormReport, async ({ input, requireUser, deps }) =>
    buildFormReport(deps.db, requireUser().userId, input.ApplyId),
  ),
];
