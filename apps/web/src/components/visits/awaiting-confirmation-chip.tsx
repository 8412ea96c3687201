import Chip from '@mui/material/Chip';

/** A visit booked in the patient app that the desk has not confirmed yet (Settings → Online booking). */
export function AwaitingConfirmationChip() {
  return <Chip size="small" label="Awaiting confirmation" color="warning" variant="outlined" />;
}

/** The status chip's neighbour, when the visit awaits the desk's confirmation. */
export function awaitingConfirmationOf(visit: { awaitingConfirmation?: boolean }) {
  return visit.awaitingConfirmation ? <AwaitingConfirmationChip /> : null;
}
