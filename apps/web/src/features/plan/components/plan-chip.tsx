import Chip from '@mui/material/Chip';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { usePlanStatus } from '../api/get-plan-status';
import { useT } from '../i18n';

/** 'Active' (green) or 'In-Active' (red); a click opens the plan page (SPEC.md §2 "Plan chip"). */
export function PlanChip() {
  const navigate = useNavigate();
  const { data } = usePlanStatus();
  const t = useT();
  // SPEC.md §8: a failed plan-status fetch is not shown to the user.
  if (!data) return null;
  const label = data.isActive ? t('plan.active') : t('plan.inactive');
  return (
    <Chip
      label={label}
      color={data.isActive ? 'success' : 'error'}
      size="small"
      variant="filled"
      aria-label={t('plan.statusLabel', { status: label })}
      onClick={() => void navigate(paths.plan)}
      sx={{ fontWeight: 600 }}
    />
  );
}
