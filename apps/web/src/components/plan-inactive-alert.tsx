import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from './i18n';

/** Shown outside the header (the plan page, the dashboard) when the plan is inactive; it leads to /plan (SPEC.md §2). */
export function PlanInactiveAlert() {
  const t = useT();
  return (
    <Alert
      severity="error"
      action={
        <Button component={RouterLink} to={paths.plan} color="inherit" size="small">
          {t('components.plan.view')}
        </Button>
      }
    >
      {t('components.plan.inactive')}
    </Alert>
  );
}
