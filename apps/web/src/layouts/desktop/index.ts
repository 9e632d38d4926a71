export { DESKTOP_MENU, DesktopShell } from './desktop-shell';
export { setUpDesktopLayout } from './setup';
