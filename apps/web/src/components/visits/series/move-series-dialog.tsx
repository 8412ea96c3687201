import type { SeriesChangeResult } from '@caredesk/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { enqueueSnackbar } from '@/components/toast';
import { errorMessage } from '@/lib/http';
import { VisitDialogActions } from '../visit-dialog-actions';
import { fVisitDate } from '../visit-format';
import { refusedText } from './series-section';
import { SeriesOutcome } from './series-outcome';
import { useT } from './i18n';

interface MoveSeriesDialogProps {
  patientName: string;
  /** The first visit still booked ahead: its day's free times are offered. */
  nextDate: string;
  /** Whom to move it to (appointments: another active doctor); choosing clears the time. */
  renderOwner: (clearTime: () => void) => ReactNode;
  /** The free slots of the chosen owner on `nextDate`. */
  renderSlots: (value: string | null, onChange: (start: string | null) => void) => ReactNode;
  /** Moves the series; resolves with what moved and what could not, rejects with the server's refusal. */
  onMove: (startTime: string) => Promise<SeriesChangeResult>;
  pending: boolean;
  onClose: () => void;
}

/** A new time (and, where offered, another doctor) for every visit of the series still booked ahead; then what moved and what could not. */
export function MoveSeriesDialog({ patientName, nextDate, renderOwner, renderSlots, onMove, pending, onClose }: MoveSeriesDialogProps) {
  const t = useT();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [startTime, setStartTime] = useState<string | null>(null);
  const [result, setResult] = useState<SeriesChangeResult | null>(null);
  const submit = () => {
    if (!startTime) return;
    onMove(startTime).then(
      (moved) => {
        enqueueSnackbar(t('series.movedToast', { count: moved.changed.length }), { variant: 'success' });
        if (moved.refused.length > 0) enqueueSnackbar(t('series.notChangedToast', { count: moved.refused.length, reasons: refusedText(moved) }), { variant: 'warning' });
        setResult(moved);
      },
      (error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    );
  };
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="move-series-title">
      <DialogTitle id="move-series-title">{result ? t('series.movedTitle') : t('series.moveTitle')}</DialogTitle>
      {result ? (
        <>
          <DialogContent dividers>
            <SeriesOutcome
              doneTitle={t('series.moved', { count: result.changed.length })}
              done={result.changed}
              notDoneTitle={t('series.notMoved', { count: result.refused.length })}
              notDone={result.refused}
            />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('series.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('series.moveSummary', { patient: patientName, date: fVisitDate(nextDate) })}
              </Typography>
              {renderOwner(() => setStartTime(null))}
              {renderSlots(startTime, setStartTime)}
            </Stack>
          </DialogContent>
          <VisitDialogActions label={t('series.moveSubmit')} onSubmit={submit} ready={Boolean(startTime)} pending={pending} onClose={onClose} />
        </>
      )}
    </Dialog>
  );
}
