import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';

/** The words of a reason dialog, already translated by its caller. */
export interface ReasonDialogTexts {
  title: string;
  /** What is concerned, or why the reason is asked. */
  body: string;
  reason: string;
  reasonRequired: string;
  keep: string;
  submit: string;
}

interface ReasonDialogProps {
  open: boolean;
  texts: ReasonDialogTexts;
  /** The submit button's colour: 'error' for what cannot be undone (a cancel), 'warning' otherwise. */
  tone: 'error' | 'warning';
  maxLength: number;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * A step that needs its reason (a cancel, a test skipped): kept in the history, so the dialog
 * refuses an empty one in place and never closes while the step is being saved.
 */
export function ReasonDialog({ open, texts, tone, maxLength, pending, onConfirm, onClose }: ReasonDialogProps) {
  const titleId = useId();
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
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => (setReason(''), setError(false)) } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{texts.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{texts.body}</DialogContentText>
          <TextField
            label={texts.reason}
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
            helperText={error ? texts.reasonRequired : ' '}
            slotProps={{ htmlInput: { maxLength } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending} color="inherit">
            {texts.keep}
          </Button>
          <Button type="submit" variant="contained" color={tone} disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {texts.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
