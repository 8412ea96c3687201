import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import { useT } from './i18n';

interface VisitDialogActionsProps {
  /** 'Book', 'Book anyway', 'Reschedule'. */
  label: string;
  onSubmit: () => void;
  /** False until the form has what the action needs (a chosen slot). */
  ready: boolean;
  pending: boolean;
  onClose: () => void;
}

/** Close and the booking or reschedule dialog's one action; both wait while the request is out. */
export function VisitDialogActions({ label, onSubmit, ready, pending, onClose }: VisitDialogActionsProps) {
  const t = useT();
  return (
    <DialogActions>
      <Button onClick={onClose} color="inherit" disabled={pending}>
        {t('visits.close')}
      </Button>
      <Button variant="contained" onClick={onSubmit} disabled={!ready || pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
        {label}
      </Button>
    </DialogActions>
  );
}
