import type { Booking, BookingTest } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { enqueueSnackbar } from '@/components/toast';
import { errorMessage } from '@/lib/http';
import { useBookingTestAction } from '../api/run-booking-test-action';
import { useT } from '../i18n';
import { BookingTestRow } from './booking-test-row';
import { SkipTestDialog } from './skip-test-dialog';

/**
 * A package booking's tests (a health check: several tests, one token). Each is marked done while
 * the patient is served, or skipped with a reason, and takes its own report once the booking is
 * completed; the last report makes the booking Report ready. Live updates refresh the booking.
 */
export function BookingTests({ booking }: { booking: Booking }) {
  const t = useT();
  const headingId = useId();
  const action = useBookingTestAction();
  const [skipping, setSkipping] = useState<BookingTest | null>(null);
  if (booking.tests.length === 0) return null;

  const counted = booking.tests.filter((test) => test.status !== 'SKIPPED');
  const reporting = booking.status === 'COMPLETED' || booking.status === 'REPORT_READY';
  const progress = reporting
    ? t('bookings.tests.reportsIn', { ready: counted.filter((test) => test.status === 'REPORT_READY').length, count: counted.length })
    : t('bookings.tests.doneCount', { done: counted.filter((test) => test.status !== 'PENDING').length, count: counted.length });
  const run = (test: BookingTest, key: 'done' | 'skip', reason?: string) =>
    action.mutateAsync({ bookingId: booking.id, testId: test.id, action: key, reason }).then(
      () => {
        enqueueSnackbar(t(key === 'done' ? 'bookings.tests.doneToast' : 'bookings.tests.skippedToast', { test: test.name }), { variant: 'success' });
        setSkipping(null);
      },
      (error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    );

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {t('bookings.tests.title')}
        </Typography>
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
          {progress}
        </Typography>
      </Box>
      <Box component="ul" aria-label={t('bookings.tests.title')} sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}>
        {booking.tests.map((test) => (
          <BookingTestRow
            key={test.id}
            booking={booking}
            test={test}
            canMarkDone={booking.status === 'IN_PROGRESS' && test.status === 'PENDING'}
            canSkip={
              (booking.status === 'IN_PROGRESS' || booking.status === 'COMPLETED') &&
              (test.status === 'PENDING' || test.status === 'DONE') &&
              counted.some((other) => other.id !== test.id)
            }
            pending={action.isPending}
            onDone={() => void run(test, 'done')}
            onSkip={() => setSkipping(test)}
          />
        ))}
      </Box>
      <SkipTestDialog
        test={skipping?.name ?? null}
        pending={action.isPending}
        onConfirm={(reason) => skipping && void run(skipping, 'skip', reason)}
        onClose={() => setSkipping(null)}
      />
    </Box>
  );
}
