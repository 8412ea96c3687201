import type { AppointmentStatus } from '@caredesk/shared';
import Chip from '@mui/material/Chip';
import { statusColors, statusLabels } from './appointment-format';

export function StatusChip({ status }: { status: AppointmentStatus }) {
  return <Chip size="small" label={statusLabels[status]} color={statusColors[status]} variant={status === 'NO_SHOW' ? 'outlined' : 'filled'} />;
}
