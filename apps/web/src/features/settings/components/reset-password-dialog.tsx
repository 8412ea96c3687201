import type { StaffCredentialResult, StaffMember } from '@caredesk/shared';
import { zodResolver } from '@/lib/zod-resolver';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useResetStaffPassword } from '../api/reset-staff-password';
import { useT } from '../i18n';
import { CredentialFields } from './credential-fields';
import { showStaffFormError } from './staff-form-errors';
import { credentialFormSchema, credentialOf, type CredentialFormValues } from './staff-form-schema';

interface ResetPasswordDialogProps {
  member: StaffMember;
  onClose: () => void;
  onReset: (result: StaffCredentialResult) => void;
}

/** A new temporary password or a fresh invitation link; the person's sessions end. */
export function ResetPasswordDialog({ member, onClose, onReset }: ResetPasswordDialogProps) {
  const titleId = useId();
  const t = useT();
  const reset = useResetStaffPassword();
  const form = useForm<CredentialFormValues>({ resolver: zodResolver(credentialFormSchema), defaultValues: { method: 'password', password: '' } });

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await reset.mutateAsync({ id: member.id, credential: credentialOf(values) });
      onReset(result);
    } catch (error) {
      showStaffFormError(error, form.setError);
    }
  });

  return (
    <Dialog open onClose={reset.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <DialogTitle id={titleId}>{t('settings.staff.resetTitle', { name: member.name })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.5}>
              <DialogContentText>{t('settings.staff.resetBody')}</DialogContentText>
              <CredentialFields />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} color="inherit" disabled={reset.isPending}>
              {t('settings.staff.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={reset.isPending} startIcon={reset.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
              {t('settings.staff.resetPassword')}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
