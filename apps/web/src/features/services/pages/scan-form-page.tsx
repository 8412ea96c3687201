import { paths } from '@/config/paths';
import { ServiceFormPage } from '../components/service-form-page';
import { useScanTitle } from '../components/use-scan-noun';

export default function ScanFormPage() {
  const { kind } = useScanTitle();
  return <ServiceFormPage area={paths.scans} kind={kind} />;
}
