import {
  getFindLable,
  getHomeLable,
  getHomeLableLayout,
  previewHtmlToPdf,
} from '@portal/contracts';
import { getHomeLayout, listFindLabelTree, listHomeLabels } from '../../domain/projects/labels.js';
import { tooManyRequests } from '../../domain/errors.js';
import { tenantIdFor } from '../../domain/sites/tenants.js';
import { renderPdf } from '../../domain/tickets/tickets.js';
import { pdfGatewayOf } from '../../domain/sites/web-pages.js';
import { countOrRefuse, counterFor } from '../../platform/rate-limits.js';
import { SHARED_READ, route, type ServiceRoute } from '../route.js';

/** A reviewer's PDF renders a minute: the renderer is shared by every candidate's ticket. */
export const PREVIEW_PDFS_PER_MINUTE = 6;

/** Lable/ and HomeLableLayout/ calls (labels belong to projects), and ProjectPreview/HtmlToPdf. */
export const labelRoutes: ServiceRoute[] = [
  route(
    getHomeLable,
    async ({ user, deps, host }) => listHomeLabels(deps.db, await tenantIdFor(deps.db, host, user)),
    SHARED_READ,
  ),
  route(getFindLable, async ({ user, deps, host }) =>
    listFindLabelTree(deps.db, await tenantIdFor(deps.db, host, user)),
  ),
  route(
    getHomeLableLayout,
    async ({ user, deps, host }) =>
      getHomeLayout(deps.db, await tenantIdFor(deps.db, host, user), deps.now()),
    SHARED_READ,
  ),
  route(previewHtmlToPdf, async ({ input, deps, requireReviewer }) => {
    const renders = counterFor(deps.store, {
      name: 'preview-pdf',
      points: PREVIEW_PDFS_PER_MINUTE,
      durationSeconds: 60,
    });
    await countOrRefuse(renders, String(requireReviewer().reviewerId), () =>
      tooManyRequests('预览生成PDF过于频繁，请一分钟后再试'),
    );
    const pdf = pdfGatewayOf(deps.gateways.pdf, requireReviewer());
    return renderPdf(pdf, input.Html, input.FileName ?? '预览');
  }),
];
