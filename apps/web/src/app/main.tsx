import 'nprogress/nprogress.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { deviceTypeOf, loadRuntimeConfig, rememberEntryUrl, useLayoutStore } from '../platform';
import { StatusPage } from '../shared/ui/status-page';
import { ConfigErrorPage } from './config-error-page';
import { createQueryClient, Providers } from './providers';

// One import per function: a conditional around two import() calls made vite preload both chunks.
const loadMobileLayout = () => import('./mobile-app');
const loadDesktopLayout = () => import('./desktop-app');

// §7: iOS WeChat signs against the address the visitor entered by, before the router changes it.
rememberEntryUrl();
const root = createRoot(document.getElementById('root') as HTMLElement);
const config = loadRuntimeConfig();

if (!config.ok) {
  root.render(<ConfigErrorPage problems={config.problems} />);
} else {
  // §2: the layout is chosen once, by the user agent (or the preview's phone frame); each lives in
  // its own chunk with its UI library.
  const device = deviceTypeOf(navigator.userAgent, window.location);
  useLayoutStore.getState().setDevice(device);
  const layout = device === 'mobile' ? loadMobileLayout() : loadDesktopLayout();
  layout.then(
    ({ App }) =>
      root.render(
        <StrictMode>
          <Providers queryClient={createQueryClient()}>
            <App />
          </Providers>
        </StrictMode>,
      ),
    () =>
      root.render(
        <StatusPage tone="error" heading="页面加载失败" detail="请检查网络连接后刷新页面。" />,
      ),
  );
}
