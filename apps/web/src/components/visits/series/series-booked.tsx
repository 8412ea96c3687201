import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SeriesBookedResult } from './repeat-plan';
import { SeriesOutcome } from './series-outcome';
import { useT } from './i18n';

/** The booking dialog once a series is booked: the visits booked, and the dates skipped with why. */
export function SeriesBookedContent({ result, titleId, onDone }: { result: SeriesBookedResult; titleId: string; onDone: () => void }) {
  const t = useT();
  return (
    <>
      <DialogTitle id={titleId}>{t('series.bookedTitle')}</DialogTitle>
      <DialogContent dividers>
        <SeriesOutcome
          doneTitle={t('series.booked', { count: result.visits.length })}
          done={result.visits}
          notDoneTitle={t('series.skipped', { count: result.skipped.length })}
          notDone={result.skipped}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {t('series.done')}
        </Button>
      </DialogActions>
    </>
  );
}
