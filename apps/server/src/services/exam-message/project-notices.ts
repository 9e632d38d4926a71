import { getProjectNotice } from '@portal/contracts';
import { listProjectNotices } from '../../domain/notices/project-notices.js';
import { tenantIdFor } from '../../domain/sites/tenants.js';
import { SHARED_READ, route, type ServiceRoute } from '../route.js';

/** ProjectNotice/ calls (notices belong to projects). */
export const projectNoticeRoutes: ServiceRoute[] = [
  route(
    getProjectNotice,
    async ({ input, user, deps, host }) =>
      listProjectNotices(deps.db, await tenantIdFor(deps.db, host, user), input, deps.now()),
    SHARED_READ,
  ),
];
