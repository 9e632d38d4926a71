import type { ServiceRoute } from '../route.js';

/** ProjectNotice/ calls (notices belong to projects); filled by the projects area. */
export const projectNoticeRoutes: ServiceRoute[] = [];
