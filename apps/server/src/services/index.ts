import type { ServiceId } from '@portal/contracts';
import type { ServiceRoute } from './route.js';
import { routes as examAccount } from './exam-account/index.js';
import { routes as examCustom } from './exam-custom/index.js';
import { routes as examExpand } from './exam-expand/index.js';
import { routes as examFlow } from './exam-flow/index.js';
import { routes as examMessage } from './exam-message/index.js';
import { routes as examPayment } from './exam-payment/index.js';

export const SERVICE_ROUTES: Record<ServiceId, readonly ServiceRoute[]> = {
  'exam-flow': examFlow,
  'exam-message': examMessage,
  'exam-account': examAccount,
  'exam-payment': examPayment,
  'exam-expand': examExpand,
  'exam-custom': examCustom,
};
