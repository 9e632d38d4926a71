import { useRouteHandle } from '../../platform';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export default function MyLikePage() {
  return <PlaceholderPage title={useRouteHandle().title} />;
}
