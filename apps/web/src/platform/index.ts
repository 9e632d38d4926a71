export {
  authorizeUrl,
  AuthError,
  getUser,
  oidcUserKey,
  type OidcUserRecord,
  rememberNextPath,
  signedInUser,
  signinCallback,
  signinRedirect,
  takeNextPath,
} from './auth/oidc';
export { loadProfile, refreshSignIn, sendToSignIn, signOut } from './auth/sign-in-state';
export { ElderModeDrawn, ElderModeSwitch, setElderMode, useElderMode } from './elder-mode';
export { currentPlatformCode, deviceTypeOf, type DeviceType, PLATFORM_CODES } from './device';
export * from './http';
export { refreshShareLink, useLayoutStore, type VisitedView } from './layout-store';
export { leaveTo, type Navigate, navigateTo, setNavigate } from './navigation';
export { type Notifier, notifyError, setNotifier } from './notifier';
export { clearPersonalStorage, personalStorage } from './personal-storage';
export { progress } from './progress';
export { fetchRegionData, useRegionData } from './region-data';
export {
  deepestHandle,
  type RouteHandle,
  routeHandles,
  type RouteShare,
  useRouteHandle,
} from './route-handle';
export {
  loadRuntimeConfig,
  readDataIsland,
  runtimeConfig,
  type RuntimeConfigResult,
} from './runtime-config';
export {
  DrawnSessionContext,
  drawnSessionState,
  keepNoSessionInThisProcess,
  useSessionStore,
} from './session-store';
export { isFreshSignedUpload, uploadAddressOf, useUploadSrc } from './uploads';
export * from './storage-keys';
export { APP_TITLE } from './app-title';
export {
  type BridgeOutcome,
  openMiniProgramPayPage,
  rememberEntryUrl,
  requestAlipayTradePay,
  requestWeChatPay,
} from './wechat';
export {
  childPattern,
  isWithin,
  type NoticeDetailQuery,
  type NoticeTab,
  paths,
  type ProjectListQuery,
  ROUTE_PATTERNS,
  type RouteName,
  routePath,
} from './paths';
