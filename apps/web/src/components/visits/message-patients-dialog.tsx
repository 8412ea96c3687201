import { CHAT_MESSAGE_MAX_LENGTH } from '@caredesk/shared';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useT } from './i18n';

interface MessagePatientsDialogProps {
  open: boolean;
  /** Distinct patients the text goes to. */
  count: number;
  pending: boolean;
  onSend: (text: string) => void;
  onClose: () => void;
}

/** One text for the patients of the selected visits: it goes into each one's chat with the desk. */
export function MessagePatientsDialog({ open, count, pending, onSend, onClose }: MessagePatientsDialogProps) {
  const t = useT();
  const titleId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(true);
      return;
    }
    onSend(text.trim());
  };
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => (setText(''), setError(false)) } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('visits.bulk.messageTitle', { count })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('visits.bulk.messageHint')}</DialogContentText>
          <TextField
            label={t('visits.bulk.messageLabel')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(false);
            }}
            required
            fullWidth
            multiline
            minRows={3}
            autoFocus
            error={error}
            helperText={error ? t('visits.bulk.messageRequired') : ' '}
            slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX_LENGTH } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending} color="inherit">
            {t('visits.close')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {t('visits.bulk.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
