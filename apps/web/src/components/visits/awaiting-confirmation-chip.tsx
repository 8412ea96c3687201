import Chip from '@mui/material/Chip';
import { useT } from './i18n';

/** A visit booked in the patient app that the desk has not confirmed yet (Settings → Online booking). */
export function AwaitingConfirmationChip() {
  const t = useT();
  return <Chip size="small" label={t('visits.awaitingConfirmation')} color="warning" variant="outlined" />;
}

/** The status chip's neighbour, when the visit awaits the desk's confirmation. */
export function awaitingConfirmationOf(visit: { awaitingConfirmation?: boolean }) {
  return visit.awaitingConfirmation ? <AwaitingConfirmationChip /> : null;
}
