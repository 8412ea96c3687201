import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useT } from './i18n';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  /** The confirm button's text, e.g. 'Delete'. */
  confirmLabel: string;
  cancelLabel?: string;
  /** Paints the confirm button in the theme's error colour (deleting, discarding). */
  destructive?: boolean;
  /** While the confirmed action runs: the buttons are disabled and the confirm button spins. */
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const t = useT();
  const { open, title, message, confirmLabel, cancelLabel = t('records.cancel'), destructive, pending, onConfirm, onClose } = props;
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={messageId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} component="div">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending} color="inherit">
          {cancelLabel}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={pending}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
