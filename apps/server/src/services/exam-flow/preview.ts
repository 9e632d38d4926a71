import {
  previewGeneratePrint,
  previewGetApply,
  previewGetForm,
  previewGetNotice,
  previewGetProject,
  previewGetProjectPosition,
} from '@portal/contracts';
import { getFormWithApply } from '../../domain/applications.js';
import { getFlowView } from '../../domain/flow.js';
import { resolvePreviewer } from '../../domain/preview.js';
import { listProjectNotices } from '../../domain/project-notices.js';
import { listPositions, requireProject, toProjectDetail } from '../../domain/projects.js';
import { sampleTicket } from '../../domain/tickets.js';
import { route, type ServiceRoute } from '../route.js';

/** ProjectPreview/ calls (§6): a reviewer named by LoginName sees a project as a candidate would. */
export const previewRoutes: ServiceRoute[] = [
  route(previewGetNotice, async ({ input, deps }) => {
    const reviewer = await resolvePreviewer(deps.db, input.LoginName);
    return listProjectNotices(
      deps.db,
      reviewer.tenantId,
      { PageIndex: 1, PageSize: 50, ProjectId: input.ProjectId },
      deps.now(),
    );
  }),
  route(previewGetForm, async ({ input, deps }) =>
    getFormWithApply(deps.db, await resolvePreviewer(deps.db, input.LoginName), input.ProjectId),
  ),
  route(previewGetProject, async ({ input, deps }) => {
    const reviewer = await resolvePreviewer(deps.db, input.LoginName);
    // A preview leaves no footprint in the reviewer's history.
    const project = await requireProject(deps.db, input.ProjectId, reviewer.tenantId);
    return toProjectDetail(deps.db, project, reviewer.userId, deps.now());
  }),
  route(previewGetApply, async ({ input, deps }) =>
    getFlowView(
      deps.db,
      await resolvePreviewer(deps.db, input.LoginName),
      input.ProjectId,
      deps.now(),
    ),
  ),
  route(previewGetProjectPosition, async ({ input, deps }) => {
    const reviewer = await resolvePreviewer(deps.db, input.LoginName);
    return listPositions(deps.db, input.ProjectId, reviewer.tenantId);
  }),
  route(previewGeneratePrint, async ({ input, deps }) =>
    sampleTicket(deps.db, await resolvePreviewer(deps.db, input.LoginName), input.ProjectId),
  ),
];
