export { MOBILE_TABS, MobileShell } from './mobile-shell';
export { setUpMobileLayout } from './setup';
