import { TokenQueuePage } from '@/components/token-queue/token-queue-page';

/** Today's queue per doctor, and the waiting-room display. */
export default function AppointmentsTokenPage() {
  return <TokenQueuePage kind="doctors" title="Appointment tokens" emptyMessage="No doctor has hours or patients today." />;
}
