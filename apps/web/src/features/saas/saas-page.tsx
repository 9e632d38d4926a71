import { useRouteHandle } from '../../platform';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export default function SaasPage() {
  return <PlaceholderPage title={useRouteHandle().title} />;
}
