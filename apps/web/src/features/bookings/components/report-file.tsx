import type { Booking } from '@caredesk/shared';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { enqueueSnackbar } from '@/components/toast';
import { pdfProblem } from '@/components/upload-image';
import { fDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useOpenReport } from '../api/open-report';
import { useUploadReport } from '../api/upload-report';
import { t as translate, useT } from '../i18n';

const KB = 1024;
const fSize = (bytes: number) =>
  bytes < KB * KB ? translate('bookings.report.kb', { size: Math.max(1, Math.round(bytes / KB)) }) : translate('bookings.report.mb', { size: (bytes / (KB * KB)).toFixed(1) });

interface ReportTarget {
  bookingId: string;
  /** One test of a package; without it, the booking's own report. */
  testId?: string;
  /** The booking as the server answered the attach (toast, focus). */
  onAttached: (booking: Booking) => void;
}

/**
 * Upload (a PDF, stored private, then attached) and open (a short-lived signed link) of one
 * report: the booking's own or one test's. The file is checked before it is sent, and a refusal
 * is kept to show beside the controls.
 */
export function useReportFile({ bookingId, testId, onAttached }: ReportTarget) {
  const upload = useUploadReport();
  const view = useOpenReport();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const send = (file: File | undefined) => {
    if (!file) return;
    const reason = pdfProblem(file);
    setProblem(reason);
    if (reason) return;
    setProgress(0);
    upload.mutate({ bookingId, testId, file, onProgress: setProgress }, { onSuccess: onAttached, onError: (error) => setProblem(errorMessage(error)) });
  };
  const open = (uploadId: string) => view.mutate(uploadId, { onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }) });
  return { send, open, progress, problem, uploading: upload.isPending, opening: view.isPending };
}

export type ReportFileState = ReturnType<typeof useReportFile>;

/** The report's file line (name, size, when), View report, Upload or Replace report, the upload's progress and a refusal. */
export function ReportFileControls({ file, report, hint }: { file: ReportFileState; report: Booking['report']; hint?: string }) {
  const t = useT();
  const inputId = useId();
  const uploadLabel = report ? t('bookings.report.replace') : t('bookings.report.upload');
  return (
    <>
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
      ) : hint ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {hint}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {report ? (
          <Button size="small" variant="contained" onClick={() => file.open(report.uploadId)} disabled={file.opening}>
            {t('bookings.report.view')}
          </Button>
        ) : null}
        <Button component="label" htmlFor={inputId} size="small" variant={report ? 'outlined' : 'contained'} disabled={file.uploading}>
          {uploadLabel}
        </Button>
        <input
          id={inputId}
          type="file"
          hidden
          aria-label={uploadLabel}
          accept="application/pdf,.pdf"
          onChange={(event) => {
            file.send(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
      {file.uploading ? <LinearProgress variant="determinate" value={file.progress} aria-label={t('bookings.report.uploading')} /> : null}
      {file.problem ? (
        <Typography role="alert" variant="caption" sx={{ color: 'error.main' }}>
          {file.problem}
        </Typography>
      ) : null}
    </>
  );
}
