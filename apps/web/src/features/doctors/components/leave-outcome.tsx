import type { LeaveVisitOutcome } from '@caredesk/shared';
import Typography from '@mui/material/Typography';
import { fTimeOfDay } from '@/components/availability/slots';
import { fDate } from '@/lib/format';
import { useT } from '../i18n';

/** What became of one visit of a leave (or would have, when nothing was saved). */
export function LeaveOutcome({ outcome, wouldBe }: { outcome: LeaveVisitOutcome; wouldBe: boolean }) {
  const t = useT();
  if (outcome.outcome === 'not-moved') {
    return (
      <Typography variant="body2" sx={{ color: 'error.main' }}>
        {t('doctors.outcome.notMoved', { reason: outcome.reason ?? '' })}
      </Typography>
    );
  }
  if (outcome.outcome === 'cancelled') {
    return <Typography variant="body2">{wouldBe ? t('doctors.outcome.wouldCancel') : t('doctors.outcome.cancelled')}</Typography>;
  }
  const to = outcome.to!;
  const values = { doctor: to.doctorName, date: fDate(to.date), time: fTimeOfDay(to.startTime), token: to.tokenLabel };
  return <Typography variant="body2">{wouldBe ? t('doctors.outcome.wouldMove', values) : t('doctors.outcome.moved', values)}</Typography>;
}
