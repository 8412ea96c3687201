import type { SeriesRefusalReason } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { fTimeOfDay, fVisitDate } from '../visit-format';
import { useT } from './i18n';

interface SeriesOutcomeProps {
  /** 'Booked (3)', 'Moved (2)'. */
  doneTitle: string;
  done: { id: string; date: string; startTime: string; tokenLabel?: string }[];
  /** 'Not booked (1)', 'Not moved (1)'. */
  notDoneTitle: string;
  /** Each with why: the reason's short label, and the server's words. */
  notDone: { date: string; reason: SeriesRefusalReason; message: string }[];
}

const dayOf = (date: string) => `${dayjs(date).format('ddd')} ${fVisitDate(date)}`;

/** What a series booking or a whole-series change did, date by date: what happened, and what could not and why. */
export function SeriesOutcome({ doneTitle, done, notDoneTitle, notDone }: SeriesOutcomeProps) {
  const t = useT();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="section" aria-label={doneTitle}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {doneTitle}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {done.map((visit) => (
            <Typography component="li" variant="body2" key={visit.id}>
              {visit.tokenLabel
                ? t('series.visitLine', { date: dayOf(visit.date), time: fTimeOfDay(visit.startTime), token: visit.tokenLabel })
                : t('series.dateLine', { date: dayOf(visit.date), time: fTimeOfDay(visit.startTime) })}
            </Typography>
          ))}
        </Box>
      </Box>
      {notDone.length > 0 ? (
        <Box component="section" aria-label={notDoneTitle}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {notDoneTitle}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
            {notDone.map((item) => (
              <Box component="li" key={item.date} sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                <Chip size="small" color="warning" variant="outlined" label={t(`series.reason.${item.reason}`)} />
                <Typography variant="body2">{t('series.refusedLine', { date: dayOf(item.date), reason: item.message })}</Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
