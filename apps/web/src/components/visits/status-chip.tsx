import Chip from '@mui/material/Chip';
import { statusColors, type VisitStatus } from './visit-status';
import { useT } from './i18n';

export function StatusChip({ status }: { status: VisitStatus }) {
  const t = useT();
  return <Chip size="small" label={t(`visits.status.${status}`)} color={statusColors[status]} variant={status === 'NO_SHOW' ? 'outlined' : 'filled'} />;
}
