import { TokenQueuePage } from '@/components/token-queue/token-queue-page';
import { useT } from '../i18n';

/** Today's queue per scan and test, and the waiting-room display. */
export default function BookingsTokenPage() {
  const t = useT();
  return <TokenQueuePage kind="services" title={t('bookings.tokens.title')} emptyMessage={t('bookings.tokens.empty')} />;
}
