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
import { OwnerField, type VisitOwner, type VisitOwners } from '../owner-field';
import { enqueueSnackbar } from '@/components/toast';
import { errorMessage } from '@/lib/http';
import { VisitDialogActions } from '../visit-dialog-actions';
import { fVisitDate } from '../visit-format';
import { warnNotChanged } from './series-texts';
import { SeriesOutcome } from './series-outcome';
import { useT } from './i18n';

export interface SeriesMove<Owner extends VisitOwner> {
  patientName: string;
  /** The first visit still booked ahead: its day's free times are offered. */
  nextDate: string;
  /** Whom the series may move to (another active doctor; another scan or test); choosing clears the time. */
  owners: VisitOwners<Owner>;
  /** The series' own doctor, scan or test: chosen at first, and again when the field is cleared. */
  ownerId: string;
  /** The free slots of the chosen owner on `nextDate`. */
  renderSlots: (ownerId: string, date: string, value: string | null, onChange: (start: string | null) => void) => ReactNode;
  /** Moves the series (`ownerId` only when another was chosen); resolves with what moved and what could not, rejects with the server's refusal. */
  onMove: (startTime: string, ownerId: string | null) => Promise<SeriesChangeResult>;
  pending: boolean;
  onClose: () => void;
}

/** A new time (and, where chosen, another doctor, scan or test) for every visit of the series still booked ahead; then what moved and what could not. */
export function MoveSeriesDialog<Owner extends VisitOwner>({ patientName, nextDate, owners, ownerId: own, renderSlots, onMove, pending, onClose }: SeriesMove<Owner>) {
  const t = useT();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [ownerId, setOwnerId] = useState(own);
  const [startTime, setStartTime] = useState<string | null>(null);
  const [result, setResult] = useState<SeriesChangeResult | null>(null);
  const submit = () => {
    if (!startTime) return;
    onMove(startTime, ownerId === own ? null : ownerId).then(
      (moved) => {
        enqueueSnackbar(t('series.movedToast', { count: moved.changed.length }), { variant: 'success' });
        warnNotChanged(moved);
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
              <OwnerField
                owners={owners}
                value={owners.options.find((owner) => owner.id === ownerId) ?? null}
                onChange={(owner) => {
                  setOwnerId(owner?.id ?? own);
                  setStartTime(null);
                }}
              />
              {renderSlots(ownerId, nextDate, startTime, setStartTime)}
            </Stack>
          </DialogContent>
          <VisitDialogActions label={t('series.moveSubmit')} onSubmit={submit} ready={Boolean(startTime)} pending={pending} onClose={onClose} />
        </>
      )}
    </Dialog>
  );
}
