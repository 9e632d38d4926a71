import type { ServiceRoute } from '../route.js';

/** User/ calls whose data is the candidate's projects, applications and orders. */
export const projectListRoutes: ServiceRoute[] = [];
