import type { FirstScreenState } from '@portal/contracts';
import { useSignedInProfile } from '../features/account';
import { useUnreadNoticeSync } from '../features/notice';
import { DesktopShell, setUpDesktopLayout } from '../layouts/desktop';
import { createLayoutApp, type LayoutApp } from './layout-app';
import { DESKTOP_ROUTES } from './routes/desktop-routes';

/** The shell, with the header's name, avatar and unread count kept in the session store. */
export function DesktopShellWithSession() {
  useSignedInProfile();
  useUnreadNoticeSync();
  return <DesktopShell />;
}

/** The desktop layout's chunk: antd, its shell and its route table (§2). */
export function createApp(firstScreen: FirstScreenState | null): Promise<LayoutApp> {
  setUpDesktopLayout();
  return createLayoutApp(DESKTOP_ROUTES, DesktopShellWithSession, firstScreen);
}
