export { projectNoticesQueryOptions, useProjectNotices } from './api/get-project-notice';
export { useUnreadNoticeSync } from './api/get-message-list';
export { useUnreadCount } from './use-notices';
