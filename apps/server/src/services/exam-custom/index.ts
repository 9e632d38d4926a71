import type { ServiceRoute } from '../route.js';

export const routes: ServiceRoute[] = [];
