import { useOutlet } from 'react-router';
import { useRouteHandle } from '../../../platform';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

/** Desktop personal centre: its children (§2) render inside it. */
export default function MyCenterPage() {
  const child = useOutlet();
  const { title } = useRouteHandle();
  return child ?? <PlaceholderPage title={title} />;
}
