import { apply, getForm, getFormReport, modifyApply } from '@portal/contracts';
import {
  getFormReport as buildFormReport,
  getFormWithApply,
  modifyApplication,
  submitApplication,
} from '../../domain/applications/applications.js';
import { uploadSignerOf } from '../../domain/uploads/uploads.js';
import { route, type ServiceRoute } from '../route.js';

/** ProjectApply/ calls: the form, applying, changing a returned application, the report. */
export const applyRoutes: ServiceRoute[] = [
  route(getForm, async ({ input, requireUser, deps }) =>
    getFormWithApply(
      deps.db,
      requireUser(),
      input.ProjectId,
      uploadSignerOf(deps.secrets, deps.now()),
      deps.config.applicationRetentionDays,
    ),
  ),
  route(apply, async ({ input, requireUser, deps, clientIp }) =>
    submitApplication(deps.db, requireUser(), input, deps.now(), clientIp),
  ),
  route(modifyApply, async ({ input, requireUser, deps, clientIp }) =>
    modifyApplication(deps.db, requireUser().userId, input, deps.now(), clientIp),
  ),
  route(getFormReport, async ({ input, requireUser, deps }) =>
    buildFormReport(deps.db, requireUser().userId, input.ApplyId),
  ),
];
