import type { ServiceRoute } from '../route.js';
import { labelRoutes } from './labels.js';

export const routes: ServiceRoute[] = [...labelRoutes];
