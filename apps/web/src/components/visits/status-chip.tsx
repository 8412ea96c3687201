import Chip from '@mui/material/Chip';
import { statusColors, statusLabels, type VisitStatus } from './visit-status';

export function StatusChip({ status }: { status: VisitStatus }) {
  return <Chip size="small" label={statusLabels[status]} color={statusColors[status]} variant={status === 'NO_SHOW' ? 'outlined' : 'filled'} />;
}
