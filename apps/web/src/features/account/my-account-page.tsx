import { useRouteHandle } from '../../platform';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export default function MyAccountPage() {
  return <PlaceholderPage title={useRouteHandle().title} />;
}
