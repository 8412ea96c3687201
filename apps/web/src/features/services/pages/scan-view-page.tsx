import { paths } from '@/config/paths';
import { ServiceView } from '../components/service-view';
import { useScanTitle } from '../components/use-scan-noun';

export default function ScanViewPage() {
  const { kind, noun } = useScanTitle();
  return <ServiceView area={paths.scans} noun={noun} kind={kind} />;
}
