import { RouterProvider } from 'react-router';
import { useSignedInProfile } from '../features/account';
import { useUnreadNoticeSync } from '../features/notice';
import { DesktopShell, setUpDesktopLayout } from '../layouts/desktop';
import { buildRoutes, createPortalRouter } from './router';
import { DESKTOP_ROUTES } from './routes/desktop-routes';

/** The shell, with the header's name, avatar and unread count kept in the session store. */
function DesktopShellWithSession() {
  useSignedInProfile();
  useUnreadNoticeSync();
  return <DesktopShell />;
}

setUpDesktopLayout();
const router = createPortalRouter(buildRoutes(DESKTOP_ROUTES, DesktopShellWithSession));

/** The desktop layout's chunk: antd, its shell and its route table (§2). */
export function App() {
  return <RouterProvider router={router} />;
}
