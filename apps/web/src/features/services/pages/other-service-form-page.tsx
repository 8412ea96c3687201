import { useMenuTitle } from '@/components/menu-title';
import { paths } from '@/config/paths';
import { ServiceFormPage } from '../components/service-form-page';

export default function OtherServiceFormPage() {
  const title = useMenuTitle('services', 'Other Services');
  return <ServiceFormPage area={paths.services} noun="service" listTitle={title} />;
}
