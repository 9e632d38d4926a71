import { useRouteHandle } from '../../platform';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

/**
 * Routes whose screens are not built yet (mostly desktop ones: the mobile screens of the same area
 * use antd-mobile, which the desktop never loads). It shows the route's title inside its shell.
 */
export default function PlaceholderRoutePage() {
  return <PlaceholderPage title={useRouteHandle().title} />;
}
