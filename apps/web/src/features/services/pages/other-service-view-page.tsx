import { paths } from '@/config/paths';
import { ServiceView } from '../components/service-view';

export default function OtherServiceViewPage() {
  return <ServiceView area={paths.services} noun="service" kind="other" />;
}
