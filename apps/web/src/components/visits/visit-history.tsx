import type { HistoryEntry } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fDateTime } from '@/lib/format';
import { statusLabels } from './visit-status';

const label = (status: string | null) => (status ? (statusLabels[status as keyof typeof statusLabels] ?? status) : null);

/** 'Booked → Checked in'; a move that keeps the status (a reschedule) by its action's name. */
export function historyChange(entry: HistoryEntry): string {
  if ((!entry.fromStatus && !entry.toStatus) || entry.fromStatus === entry.toStatus) {
    const action = entry.action.replace(/[-_]/g, ' ');
    return action.charAt(0).toUpperCase() + action.slice(1);
  }
  return `${label(entry.fromStatus) ?? 'New'} → ${label(entry.toStatus) ?? '-'}`;
}

/** Who moved the visit, when, from which status to which, with the note (a reason, a file name). */
export function VisitHistory({ history }: { history: readonly HistoryEntry[] }) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        History
      </Typography>
      {history.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No changes yet.
        </Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ m: 0, pl: 2.5 }} aria-label="History">
          {history.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {historyChange(entry)}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                {fDateTime(entry.at)} · {entry.byName ?? 'Patient app'}
              </Typography>
              {entry.note ? <Typography variant="body2">{entry.note}</Typography> : null}
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
