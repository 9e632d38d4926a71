import type { ServiceRoute } from '../route.js';
import { applyRoutes } from './apply.js';
import { flowRoutes } from './flow.js';
import { previewRoutes } from './preview.js';
import { projectRoutes } from './project.js';

export const routes: ServiceRoute[] = [
  ...projectRoutes,
  ...applyRoutes,
  ...flowRoutes,
  ...previewRoutes,
];
