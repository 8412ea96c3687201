import { appointmentStatuses } from '@caredesk/shared';
import type { Theme } from '@mui/material/styles';
import { statusColors, type VisitStatus } from '@/components/visits/visit-status';

/** The statuses an appointment block can show, in the order of a visit's day: the legend's entries. */
export const calendarStatuses = appointmentStatuses;

/**
 * A status's colour on the calendar: the block's edge and tint and the legend's swatch both read it
 * here, from the list's status chip palette (visit-status.ts), so the three never disagree.
 */
export function statusMain(theme: Theme, status: VisitStatus): string {
  const colour = statusColors[status];
  return colour === 'default' ? theme.palette.grey[500] : theme.palette[colour].main;
}
