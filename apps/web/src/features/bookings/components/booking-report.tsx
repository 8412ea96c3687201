import type { Booking } from '@caredesk/shared';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '@/components/toast';
import { useId, useState } from 'react';
import { pdfProblem } from '@/components/upload-image';
import { fDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useOpenReport } from '../api/open-report';
import { useUploadReport } from '../api/upload-report';
import { t as translate, useT } from '../i18n';

const KB = 1024;
const fSize = (bytes: number) =>
  bytes < KB * KB ? translate('bookings.report.kb', { size: Math.max(1, Math.round(bytes / KB)) }) : translate('bookings.report.mb', { size: (bytes / (KB * KB)).toFixed(1) });

/**
 * The report of a completed booking: upload it (a PDF, stored private) to make the booking
 * REPORT_READY; once ready, view it through a short-lived signed link, or replace it.
 */
export function BookingReport({ booking }: { booking: Booking }) {
  const t = useT();
  const inputId = useId();
  const upload = useUploadReport();
  const view = useOpenReport();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  if (booking.status !== 'COMPLETED' && booking.status !== 'REPORT_READY') return null;
  const report = booking.status === 'REPORT_READY' ? booking.report : null;
  const uploadLabel = report ? t('bookings.report.replace') : t('bookings.report.upload');

  const send = (file: File | undefined) => {
    if (!file) return;
    const reason = pdfProblem(file);
    setProblem(reason);
    if (reason) return;
    setProgress(0);
    upload.mutate(
      { bookingId: booking.id, file, onProgress: setProgress },
      {
        onSuccess: (updated) => enqueueSnackbar(t('bookings.report.ready', { token: updated.tokenLabel }), { variant: 'success' }),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  const open = (uploadId: string) => view.mutate(uploadId, { onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }) });

  return (
    <Box
      component="section"
      aria-label={t('bookings.report.title')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 1.5, borderRadius: 2, border: 1, borderColor: problem ? 'error.main' : 'divider' }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('bookings.report.title')}
      </Typography>
      {report ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
          <PictureAsPdfOutlined sx={{ color: 'error.main' }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {report.name}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {fSize(report.size)} · {fDateTime(report.uploadedAt)}
            </Typography>
          </Box>
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('bookings.report.hint')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {report ? (
          <Button size="small" variant="contained" onClick={() => open(report.uploadId)} disabled={view.isPending}>
            {t('bookings.report.view')}
          </Button>
        ) : null}
        <Button component="label" htmlFor={inputId} size="small" variant={report ? 'outlined' : 'contained'} disabled={upload.isPending}>
          {uploadLabel}
        </Button>
        <input
          id={inputId}
          type="file"
          hidden
          aria-label={uploadLabel}
          accept="application/pdf,.pdf"
          onChange={(event) => {
            send(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
      {upload.isPending ? <LinearProgress variant="determinate" value={progress} aria-label={t('bookings.report.uploading')} /> : null}
      {problem ? (
        <Typography role="alert" variant="caption" sx={{ color: 'error.main' }}>
          {problem}
        </Typography>
      ) : null}
    </Box>
  );
}
