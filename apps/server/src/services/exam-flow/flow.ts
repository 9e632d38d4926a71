import { downloadPrint, generatePrint, getApply, getReceipt } from '@portal/contracts';
import { getReceipt as receiptOf } from '../../domain/receipts/receipts.js';
import { getFlowView } from '../../domain/applications/flow.js';
import { downloadTicket, generateTicket } from '../../domain/tickets/tickets.js';
import { pdfGatewayOf } from '../../domain/sites/web-pages.js';
import { route, type ServiceRoute } from '../route.js';

/** ProjectFlow/ calls: the steps, the admission ticket as HTML or PDF, and the receipts. */
export const flowRoutes: ServiceRoute[] = [
  route(getApply, async ({ input, requireUser, deps }) =>
    getFlowView(deps.db, requireUser(), input.ProjectId, deps.now()),
  ),
  route(generatePrint, async ({ input, requireUser, deps }) =>
    generateTicket(deps, requireUser(), input.ApplyId, deps.now()),
  ),
  route(downloadPrint, async ({ input, requireUser, deps }) => {
    const user = requireUser();
    const pdf = pdfGatewayOf(deps.gateways.pdf, user);
    return downloadTicket({ ...deps, pdf }, user, input.ApplyId, deps.now());
  }),
  route(getReceipt, async ({ input, requireUser, deps }) =>
    receiptOf(deps, requireUser().userId, input.ApplyId, input.Kind),
  ),
];
