import type { ServiceRoute } from '../route.js';

/** Lable/ and HomeLableLayout/ calls (labels belong to projects), and ProjectPreview/HtmlToPdf. */
export const labelRoutes: ServiceRoute[] = [];
