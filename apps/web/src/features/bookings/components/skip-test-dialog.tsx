import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../i18n';

interface SkipTestDialogProps {
  /** The test skipped; null while closed. */
  test: string | null;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Skipping a test of a package needs a reason: the patient and the doctor will ask why its report is missing. */
export function SkipTestDialog({ test, pending, onConfirm, onClose }: SkipTestDialogProps) {
  const t = useT();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  // The name stays while the dialog fades out.
  const [shown, setShown] = useState(test);
  if (test !== null && test !== shown) setShown(test);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(true);
      return;
    }
    onConfirm(reason.trim());
  };
  return (
    <Dialog
      open={test !== null}
      onClose={pending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => (setReason(''), setError(false)) } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('bookings.tests.skipTitle', { test: shown ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('bookings.tests.skipHelp')}</DialogContentText>
          <TextField
            label={t('bookings.tests.skipReason')}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(false);
            }}
            required
            fullWidth
            multiline
            minRows={2}
            autoFocus
            error={error}
            helperText={error ? t('bookings.tests.skipReasonRequired') : ' '}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending} color="inherit">
            {t('bookings.tests.keep')}
          </Button>
          <Button type="submit" variant="contained" color="warning" disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {t('bookings.tests.skipSubmit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
