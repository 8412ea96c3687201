import type { Booking } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '@/components/toast';
import { useT } from '../i18n';
import { ReportFileControls, useReportFile } from './report-file';

/**
 * The report of a completed booking: upload it (a PDF, stored private) to make the booking
 * REPORT_READY; once ready, view it through a short-lived signed link, or replace it. A package's
 * reports are its tests' (BookingTests), so it has none of its own.
 */
export function BookingReport({ booking }: { booking: Booking }) {
  const t = useT();
  const file = useReportFile({
    bookingId: booking.id,
    onAttached: (updated) => enqueueSnackbar(t('bookings.report.ready', { token: updated.tokenLabel }), { variant: 'success' }),
  });
  if (booking.tests.length > 0) return null;
  if (booking.status !== 'COMPLETED' && booking.status !== 'REPORT_READY') return null;
  const report = booking.status === 'REPORT_READY' ? booking.report : null;

  return (
    <Box
      component="section"
      aria-label={t('bookings.report.title')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 1.5, borderRadius: 2, border: 1, borderColor: file.problem ? 'error.main' : 'divider' }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('bookings.report.title')}
      </Typography>
      <ReportFileControls file={file} report={report} hint={t('bookings.report.hint')} />
    </Box>
  );
}
