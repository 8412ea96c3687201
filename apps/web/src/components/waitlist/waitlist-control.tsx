import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useOpenedOnce } from '@/components/opened-once';
import { useWaitlist, type WaitlistDay } from './api/waitlist';
import { useT } from './i18n';

// The drawer loads when first opened, not with the list.
const WaitlistPanel = lazy(() => import('./waitlist-panel').then((module) => ({ default: module.WaitlistPanel })));

interface WaitlistControlProps {
  /** The list's doctor (scan, test) and single day; null when it shows several or none. */
  day: WaitlistDay | null;
  /** A visit booked from the line: the list's drawer for it (closing the panel). */
  onOpenVisit: (visitId: string) => void;
}

/**
 * 'Waitlist (n)' in the Appointments (Bookings) header once the list shows one doctor's (scan's,
 * test's) day, n the patients still in line; ?waitlist=1 opens that day's panel.
 */
export function WaitlistControl({ day, onOpenVisit }: WaitlistControlProps) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const waitlist = useWaitlist(day);
  const open = day !== null && params.get('waitlist') === '1';
  const mounted = useOpenedOnce(open);
  if (!day) return null;
  const waiting = (waitlist.data ?? []).filter((entry) => entry.status === 'WAITING' || entry.status === 'OFFERED').length;
  const setOpen = (next: boolean) =>
    setParams((previous) => {
      const changed = new URLSearchParams(previous);
      if (next) changed.set('waitlist', '1');
      else changed.delete('waitlist');
      return changed;
    });
  return (
    <>
      <Button variant="outlined" startIcon={<HourglassEmptyOutlined />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('waitlist.button', { count: waiting })}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <WaitlistPanel day={day} open={open} onClose={() => setOpen(false)} onOpenVisit={onOpenVisit} />
        </Suspense>
      ) : null}
    </>
  );
}
