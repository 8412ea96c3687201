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
import { useT } from '../i18n';

interface CredentialResultDialogProps {
  title: string;
  result: StaffCredentialResult;
  onClose: () => void;
}

/** After adding or resetting someone: the invitation link (shown this once) or the password reminder. */
export function CredentialResultDialog({ title, result, onClose }: CredentialResultDialogProps) {
  const titleId = useId();
  const t = useT();
  const { member, invitationUrl, invitationExpiresAt } = result;
  const copy = async () => {
    if (!invitationUrl) return;
    try {
      await navigator.clipboard.writeText(invitationUrl);
      enqueueSnackbar(t('settings.staff.linkCopied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('settings.staff.copyByHand'), { variant: 'warning' });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {invitationUrl ? (
          <Stack spacing={2}>
            <DialogContentText>{t('settings.staff.sendLink', { name: member.name, date: fDateTime(invitationExpiresAt) })}</DialogContentText>
            <TextField
              label={t('settings.staff.invitationLink')}
              value={invitationUrl}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true } }}
              onFocus={(event) => event.target.select()}
            />
            <Alert severity="warning">{t('settings.staff.linkOnce')}</Alert>
          </Stack>
        ) : (
          <DialogContentText>{t('settings.staff.givePassword', { name: member.name, email: member.email })}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {invitationUrl ? (
          <Button startIcon={<ContentCopy />} onClick={() => void copy()}>
            {t('settings.staff.copyLink')}
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          {t('settings.staff.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
