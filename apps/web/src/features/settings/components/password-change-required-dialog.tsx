import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useT } from '../i18n';
import { ChangePasswordForm } from './change-password-form';

/**
 * After a sign-in with a temporary password the console asks for a new one before anything
 * else: the dialog cannot be dismissed, only answered (or left by signing out).
 */
export function PasswordChangeRequiredDialog({ onSignOut }: { onSignOut: () => void }) {
  const titleId = useId();
  const t = useT();
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('settings.password.requiredTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('settings.password.requiredBody')}</DialogContentText>
          <ChangePasswordForm temporary />
          <Button color="inherit" onClick={onSignOut} sx={{ alignSelf: 'flex-start' }}>
            {t('settings.password.signOut')}
          </Button>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
