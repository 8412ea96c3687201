import type { Booking, BookingTest, BookingTestStatus } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { enqueueSnackbar } from '@/components/toast';
import { useT } from '../i18n';
import { ReportFileControls, useReportFile } from './report-file';

const statusColors: Record<BookingTestStatus, 'default' | 'success' | 'primary'> = { PENDING: 'default', DONE: 'success', SKIPPED: 'default', REPORT_READY: 'primary' };

interface BookingTestRowProps {
  booking: Booking;
  test: BookingTest;
  /** Mark done is offered (the patient is being served, the test not yet done). */
  canMarkDone: boolean;
  /** Skip is offered (not for the last test not skipped: that booking is cancelled instead). */
  canSkip: boolean;
  pending: boolean;
  onDone: () => void;
  onSkip: () => void;
}

/** One test of a package booking: its name, status, skip reason, what may be done now, and its own report once completed. */
export function BookingTestRow({ booking, test, canMarkDone, canSkip, pending, onDone, onSkip }: BookingTestRowProps) {
  const t = useT();
  const nameId = useId();
  const file = useReportFile({
    bookingId: booking.id,
    testId: test.id,
    onAttached: (updated) =>
      enqueueSnackbar(updated.status === 'REPORT_READY' ? t('bookings.report.ready', { token: updated.tokenLabel }) : t('bookings.tests.reportAttached', { test: test.name }), {
        variant: 'success',
      }),
  });
  const takesReport = (booking.status === 'COMPLETED' || booking.status === 'REPORT_READY') && test.status !== 'SKIPPED';
  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 1.5, borderRadius: 2, border: 1, borderColor: file.problem ? 'error.main' : 'divider', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={nameId} variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {test.name}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t(`bookings.kind.${test.kind}`)}
          </Typography>
        </Box>
        <Chip size="small" label={t(`bookings.tests.status.${test.status}`)} color={statusColors[test.status]} variant={test.status === 'SKIPPED' ? 'outlined' : 'filled'} />
      </Box>
      {test.status === 'SKIPPED' && test.skipReason ? <Typography variant="body2">{t('bookings.tests.skippedBecause', { reason: test.skipReason })}</Typography> : null}
      {canMarkDone || canSkip ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {canMarkDone ? (
            <Button size="small" variant="contained" onClick={onDone} disabled={pending}>
              {t('bookings.tests.markDone')}
            </Button>
          ) : null}
          {canSkip ? (
            <Button size="small" variant="outlined" color="inherit" onClick={onSkip} disabled={pending}>
              {t('bookings.tests.skip')}
            </Button>
          ) : null}
        </Box>
      ) : null}
      {takesReport ? <ReportFileControls file={file} report={test.report} /> : null}
    </Box>
  );
}
