import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useT } from './i18n';

interface CancelDialogProps {
  open: boolean;
  /** What is cancelled: 'appointment' or 'booking'. */
  noun: string;
  /** e.g. 'Token 007 · Lakshmi Narayan'; for several, their tokens. */
  subject: string;
  /** Several visits at once (a list's bulk cancel): the title and button say how many. */
  count?: number;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Cancelling needs a reason: it is kept in the visit's history. */
export function CancelDialog({ open, noun, subject, count, pending, onConfirm, onClose }: CancelDialogProps) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
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
      open={open}
      onClose={pending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="cancel-dialog-title"
      slotProps={{ transition: { onExited: () => (setReason(''), setError(false)) } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="cancel-dialog-title">{count === undefined ? t('visits.cancel.title', { noun }) : t('visits.bulk.cancelTitle', { noun, count })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{subject}</DialogContentText>
          <TextField
            label={t('visits.cancel.reason')}
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
            helperText={error ? t('visits.cancel.reasonRequired') : ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending} color="inherit">
            {t('visits.cancel.keep')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {count === undefined ? t('visits.cancel.submit', { noun }) : t('visits.bulk.cancelSubmit', { noun, count })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
