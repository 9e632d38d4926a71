import { RouterProvider } from 'react-router';
import { useUnreadNoticeSync } from '../features/notice';
import { MobileShell, setUpMobileLayout } from '../layouts/mobile';
import { buildRoutes, createPortalRouter } from './router';
import { MOBILE_ROUTES } from './routes/mobile-routes';

/** The shell, with the tab badge's unread count kept in the session store while signed in. */
function MobileShellWithUnread() {
  useUnreadNoticeSync();
  return <MobileShell />;
}

setUpMobileLayout();
const router = createPortalRouter(buildRoutes(MOBILE_ROUTES, MobileShellWithUnread));

/** The mobile layout's chunk: antd-mobile, its shell and its route table (§2). */
export function App() {
  return <RouterProvider router={router} />;
}
