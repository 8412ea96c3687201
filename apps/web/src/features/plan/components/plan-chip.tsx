import Chip from '@mui/material/Chip';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { usePlanStatus } from '../api/get-plan-status';

/** 'Active' (green) or 'In-Active' (red); a click opens the plan page (SPEC.md §2 "Plan chip"). */
export function PlanChip() {
  const navigate = useNavigate();
  const { data } = usePlanStatus();
  // SPEC.md §8: a failed plan-status fetch is not shown to the user.
  if (!data) return null;
  const label = data.isActive ? 'Active' : 'In-Active';
  return (
    <Chip
      label={label}
      color={data.isActive ? 'success' : 'error'}
      size="small"
      variant="filled"
      aria-label={`Plan status: ${label}`}
      onClick={() => void navigate(paths.plan)}
      sx={{ fontWeight: 600 }}
    />
  );
}
