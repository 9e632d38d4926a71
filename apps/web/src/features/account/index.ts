export { useApplyArchive } from './api/get-user-apply-archive';
export { useSaveApplyArchive } from './api/save-user-apply-archive';
export { useSignedInProfile } from './api/session-profile';
export { usePersonalCenterNumber } from './api/get-personal-center-number';
export { useProfile } from './api/session-profile';
export {
  useMyLikes,
  useMyOrders,
  useMyProjects,
  useMyRunProjects,
  myProjectsQueryOptions,
} from './api/user-lists';
export { MY_LIST_TEXT } from './my-list-texts';
export { SmsCodeButton } from './mobile/sms-code';
export { verifySmsCode } from './api/sms';
