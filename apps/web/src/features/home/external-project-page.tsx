import { useRouteHandle } from '../../platform';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export default function ExternalProjectPage() {
  return <PlaceholderPage title={useRouteHandle().title} />;
}
