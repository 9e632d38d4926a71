import {
  getFindLable,
  getHomeLable,
  getHomeLableLayout,
  previewHtmlToPdf,
} from '@portal/contracts';
import { getHomeLayout, listFindLabelTree, listHomeLabels } from '../../domain/labels.js';
import { resolvePreviewer } from '../../domain/preview.js';
import { tenantIdFor } from '../../domain/tenants.js';
import { renderPdf } from '../../domain/tickets.js';
import { route, type ServiceRoute } from '../route.js';

/** Lable/ and HomeLableLayout/ calls (labels belong to projects), and ProjectPreview/HtmlToPdf. */
export const labelRoutes: ServiceRoute[] = [
  route(getHomeLable, async ({ user, deps, host }) =>
    listHomeLabels(deps.db, await tenantIdFor(deps.db, host, user)),
  ),
  route(getFindLable, async ({ user, deps, host }) =>
    listFindLabelTree(deps.db, await tenantIdFor(deps.db, host, user)),
  ),
  route(getHomeLableLayout, async ({ user, deps, host }) =>
    getHomeLayout(deps.db, await tenantIdFor(deps.db, host, user), deps.now()),
  ),
  route(previewHtmlToPdf, async ({ input, deps }) => {
    await resolvePreviewer(deps.db, input.LoginName);
    return renderPdf(deps.gateways.pdf, input.Html, input.FileName ?? '预览');
  }),
];
