export { MOBILE_TABS, MobileShell, tabOf } from './mobile-shell';
export { setUpMobileLayout } from './setup';
