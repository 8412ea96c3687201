import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Link as RouterLink } from 'react-router';
import { useT } from './i18n';

interface FormActionsProps {
  /** Where Cancel goes (the record's view, or the list for a new record). */
  cancelHref: string;
  /** The save request is in flight: Save is disabled and shows a spinner. */
  pending: boolean;
  /** Nothing to save (e.g. an edit form with no changes): Save is disabled. */
  disabled?: boolean;
  saveLabel?: string;
}

/** Cancel + Save at the foot of a record form; Save is the form's submit button. */
export function FormActions({ cancelHref, pending, disabled, saveLabel }: FormActionsProps) {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, flexWrap: 'wrap' }}>
      <Button component={RouterLink} to={cancelHref} color="inherit" disabled={pending}>
        {t('records.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={pending || disabled} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
        {pending ? t('records.saving') : (saveLabel ?? t('records.save'))}
      </Button>
    </Box>
  );
}
