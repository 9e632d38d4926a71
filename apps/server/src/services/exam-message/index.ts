import { getMessageList, getMessageNotice } from '@portal/contracts';
import { listMessages, readMessage } from '../../domain/notices/messages.js';
import { route, type ServiceRoute } from '../route.js';
import { projectNoticeRoutes } from './project-notices.js';
import { captchaRoutes, smsRoutes } from './sms.js';

const messageRoutes: ServiceRoute[] = [
  route(getMessageList, async ({ input, requireUser, deps }) =>
    listMessages(deps.db, requireUser().userId, input),
  ),
  route(getMessageNotice, async ({ input, requireUser, deps }) =>
    readMessage(deps.db, requireUser().userId, input.MessageId, deps.now()),
  ),
];

export const routes: ServiceRoute[] = [
  ...projectNoticeRoutes,
  ...messageRoutes,
  ...smsRoutes,
  ...captchaRoutes,
];
