import { TokenQueuePage } from '@/components/token-queue/token-queue-page';
import { useT } from '../i18n';

/** Today's queue per doctor, and the waiting-room display. */
export default function AppointmentsTokenPage() {
  const t = useT();
  return <TokenQueuePage kind="doctors" title={t('appointments.tokens.title')} emptyMessage={t('appointments.tokens.empty')} />;
}
