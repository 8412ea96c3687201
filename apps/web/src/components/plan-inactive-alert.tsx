import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/** Shown outside the header (the plan page, the dashboard) when the plan is inactive; it leads to /plan (SPEC.md §2). */
export function PlanInactiveAlert() {
  return (
    <Alert
      severity="error"
      action={
        <Button component={RouterLink} to={paths.plan} color="inherit" size="small">
          View plan
        </Button>
      }
    >
      Plan not Active.
    </Alert>
  );
}
