import { RouterProvider } from 'react-router';
import { DesktopShell, setUpDesktopLayout } from '../layouts/desktop';
import { buildRoutes, createPortalRouter } from './router';
import { DESKTOP_ROUTES } from './routes/desktop-routes';

setUpDesktopLayout();
const router = createPortalRouter(buildRoutes(DESKTOP_ROUTES, DesktopShell));

/** The desktop layout's chunk: antd, its shell and its route table (§2). */
export function App() {
  return <RouterProvider router={router} />;
}
