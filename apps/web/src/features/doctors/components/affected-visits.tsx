import type { AffectedVisit } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { fTimeOfDay } from '@/components/availability/slots';
import { fDate } from '@/lib/format';
import { useT } from '../i18n';

interface AffectedVisitsProps {
  visits: readonly AffectedVisit[];
  /** The list's accessible name. */
  label: string;
  /** Patients' names by visit id, when the desk may see them (read from the appointments list). */
  names?: ReadonlyMap<string, string>;
  /** What became of each visit, beside it. */
  outcome?: (visit: AffectedVisit) => ReactNode;
}

/** Visits a day change or a leave touches: day, time and token (and the patient, and the outcome, when known). */
export function AffectedVisits({ visits, label, names, outcome }: AffectedVisitsProps) {
  const t = useT();
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {visits.map((visit) => {
        const name = names?.get(visit.id);
        return (
          <Box component="li" key={visit.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('doctors.visit.when', { date: fDate(visit.date), time: fTimeOfDay(visit.startTime), token: visit.tokenLabel })}
            </Typography>
            {name ? <Typography variant="body2">{name}</Typography> : null}
            {outcome ? outcome(visit) : null}
          </Box>
        );
      })}
    </Box>
  );
}
