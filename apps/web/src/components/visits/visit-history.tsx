import type { HistoryEntry } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fDateTime } from '@/lib/format';
import { statusLabels } from './visit-status';
import { t, useT } from './i18n';

const label = (status: string | null) => (status ? (statusLabels[status as keyof typeof statusLabels] ?? status) : null);

/** 'Booked → Checked in'; a move that keeps the status (a reschedule) by its action's name. */
export function historyChange(entry: HistoryEntry): string {
  if ((!entry.fromStatus && !entry.toStatus) || entry.fromStatus === entry.toStatus) {
    const action = entry.action.replace(/[-_]/g, ' ');
    return t('visits.history.action', { action: entry.action.replace(/\W+/g, '_'), fallback: action.charAt(0).toUpperCase() + action.slice(1) });
  }
  return t('visits.history.change', { from: label(entry.fromStatus) ?? t('visits.history.new'), to: label(entry.toStatus) ?? '-' });
}

/** Who moved the visit, when, from which status to which, with the note (a reason, a file name). */
export function VisitHistory({ history }: { history: readonly HistoryEntry[] }) {
  const t = useT();
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('visits.history.title')}
      </Typography>
      {history.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('visits.history.empty')}
        </Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ m: 0, pl: 2.5 }} aria-label={t('visits.history.title')}>
          {history.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {historyChange(entry)}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                {fDateTime(entry.at)} · {entry.byName ?? t('visits.history.patientApp')}
              </Typography>
              {entry.note ? <Typography variant="body2">{entry.note}</Typography> : null}
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
