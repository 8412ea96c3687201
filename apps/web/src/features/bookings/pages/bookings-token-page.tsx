import { TokenQueuePage } from '@/components/token-queue/token-queue-page';

/** Today's queue per scan and test, and the waiting-room display. */
export default function BookingsTokenPage() {
  return <TokenQueuePage kind="services" title="Booking tokens" emptyMessage="No scan or test has hours or bookings today." />;
}
