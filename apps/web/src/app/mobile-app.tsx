import type { FirstScreenState } from '@portal/contracts';
import { useUnreadNoticeSync } from '../features/notice';
import { MobileShell, setUpMobileLayout } from '../layouts/mobile';
import { createLayoutApp, type LayoutApp } from './layout-app';
import { MOBILE_ROUTES } from './routes/mobile-routes';

/** The shell, with the tab badge's unread count kept in the session store while signed in. */
export function MobileShellWithUnread() {
  useUnreadNoticeSync();
  return <MobileShell />;
}

/** The mobile layout's chunk: antd-mobile, its shell and its route table (§2). */
export function createApp(firstScreen: FirstScreenState | null): Promise<LayoutApp> {
  setUpMobileLayout();
  return createLayoutApp(MOBILE_ROUTES, MobileShellWithUnread, firstScreen);
}
