export { useApplyArchive } from './api/get-user-apply-archive';
export { useSaveApplyArchive } from './api/save-user-apply-archive';
export { useSignedInProfile } from './api/session-profile';
