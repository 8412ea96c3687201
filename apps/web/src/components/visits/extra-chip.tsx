import Chip from '@mui/material/Chip';
import { useT } from './i18n';

/** A visit booked beyond its slot's capacity, in the day's allowance of extras (or a walk-in to a full day). */
export function ExtraChip() {
  const t = useT();
  return <Chip size="small" label={t('visits.extra')} color="secondary" variant="outlined" />;
}

/** The status chip's neighbour, when the visit is an extra. */
export function extraOf(visit: { overbooked?: boolean }) {
  return visit.overbooked ? <ExtraChip /> : null;
}
