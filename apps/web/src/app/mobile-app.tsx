import { RouterProvider } from 'react-router';
import { MobileShell, setUpMobileLayout } from '../layouts/mobile';
import { buildRoutes, createPortalRouter } from './router';
import { MOBILE_ROUTES } from './routes/mobile-routes';

setUpMobileLayout();
const router = createPortalRouter(buildRoutes(MOBILE_ROUTES, MobileShell));

/** The mobile layout's chunk: antd-mobile, its shell and its route table (§2). */
export function App() {
  return <RouterProvider router={router} />;
}
