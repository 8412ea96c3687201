import { paths } from '@/config/paths';
import { ServiceFormPage } from '../components/service-form-page';

export default function OtherServiceFormPage() {
  return <ServiceFormPage area={paths.services} kind="other" />;
}
