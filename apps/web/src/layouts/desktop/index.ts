export { DESKTOP_MENU, DESKTOP_SECTIONS, DesktopShell } from './desktop-shell';
export { crumbsOf } from './breadcrumbs';
export { setUpDesktopLayout } from './setup';
