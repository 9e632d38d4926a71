import type { ServiceRoute } from '../route.js';
import { projectListRoutes } from './project-lists.js';

export const routes: ServiceRoute[] = [...projectListRoutes];
