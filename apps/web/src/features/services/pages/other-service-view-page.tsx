import { useMenuTitle } from '@/components/menu-title';
import { paths } from '@/config/paths';
import { ServiceView } from '../components/service-view';

export default function OtherServiceViewPage() {
  const title = useMenuTitle('services', 'Other Services');
  return <ServiceView area={paths.services} noun="service" listTitle={title} />;
}
