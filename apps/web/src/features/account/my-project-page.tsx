import { useRouteHandle } from '../../platform';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export default function MyProjectPage() {
  return <PlaceholderPage title={useRouteHandle().title} />;
}
