import { useRouteHandle } from '../../platform';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

/** Desktop routes whose screens are not built yet; the mobile screens of the same area use antd-mobile, which the desktop never loads. */
export default function DesktopPlaceholderPage() {
  return <PlaceholderPage title={useRouteHandle().title} />;
}
