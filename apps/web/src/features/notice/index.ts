export { projectNoticesQueryOptions, useProjectNotices } from './api/get-project-notice';
