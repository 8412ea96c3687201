import type { StaffCredentialResult } from '@caredesk/shared';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { enqueueSnackbar } from '@/components/toast';
import { useId } from 'react';
import { fDateTime } from '@/lib/format';

interface CredentialResultDialogProps {
  title: string;
  result: StaffCredentialResult;
  onClose: () => void;
}

/** After adding or resetting someone: the invitation link (shown this once) or the password reminder. */
export function CredentialResultDialog({ title, result, onClose }: CredentialResultDialogProps) {
  const titleId = useId();
  const { member, invitationUrl, invitationExpiresAt } = result;
  const copy = async () => {
    if (!invitationUrl) return;
    try {
      await navigator.clipboard.writeText(invitationUrl);
      enqueueSnackbar('Link copied', { variant: 'success' });
    } catch {
      enqueueSnackbar('Copy the link by hand: the browser did not allow copying', { variant: 'warning' });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {invitationUrl ? (
          <Stack spacing={2}>
            <DialogContentText>
              Send {member.name} this link to choose a password and sign in. It works once and expires {fDateTime(invitationExpiresAt)}.
            </DialogContentText>
            <TextField label="Invitation link" value={invitationUrl} fullWidth slotProps={{ htmlInput: { readOnly: true } }} onFocus={(event) => event.target.select()} />
            <Alert severity="warning">This link is shown only now. Copy it before closing.</Alert>
          </Stack>
        ) : (
          <DialogContentText>
            Give {member.name} ({member.email}) the temporary password you chose. They will be asked to choose their own when they first sign in.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {invitationUrl ? (
          <Button startIcon={<ContentCopy />} onClick={() => void copy()}>
            Copy link
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
