import { newPasswordSchema, PASSWORD_MIN_LENGTH, type Invitation, type SignInResponse } from '@caredesk/shared';
import { zodResolver } from '@/lib/zod-resolver';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { showFormError } from '@/components/records/form-errors';
import { errorStatus } from '@/lib/http';
import { useAcceptInvitation } from '../api/accept-invitation';
import { t, useT } from '../i18n';
import { FormPasswordField } from './form-password-field';

/** The field a mismatch is shown under. */
const CONFIRM_FIELD = 'confirmPassword';
const acceptFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, { path: [CONFIRM_FIELD], error: () => t('settings.password.mismatch') });
type AcceptFormValues = z.infer<typeof acceptFormSchema>;

interface AcceptInvitationFormProps {
  token: string;
  invitation: Invitation;
  onSignedIn: (response: SignInResponse) => void;
  /** The link stopped working between opening and submitting (used, replaced, expired). */
  onInvalid: () => void;
}

export function AcceptInvitationForm({ token, invitation, onSignedIn, onInvalid }: AcceptInvitationFormProps) {
  const accept = useAcceptInvitation({ onSuccess: onSignedIn });
  const t = useT();
  const { control, handleSubmit, setError } = useForm<AcceptFormValues>({ resolver: zodResolver(acceptFormSchema), defaultValues: { password: '', confirmPassword: '' } });

  const submit = handleSubmit(async ({ password }) => {
    try {
      await accept.mutateAsync({ token, password });
    } catch (error) {
      if (errorStatus(error) === 404) onInvalid();
      else showFormError(error, { setError });
    }
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)}>
      {/* The e-mail lets password managers file the new password under the right account. */}
      <TextField label={t('settings.invite.email')} value={invitation.email} fullWidth autoComplete="username" slotProps={{ htmlInput: { readOnly: true } }} />
      <FormPasswordField
        control={control}
        name="password"
        label={t('settings.invite.newPassword')}
        autoComplete="new-password"
        showStrength
        autoFocus
        helperText={t('settings.password.hint', { min: PASSWORD_MIN_LENGTH })}
      />
      <FormPasswordField control={control} name="confirmPassword" label={t('settings.invite.confirmPassword')} autoComplete="new-password" />
      <Button type="submit" variant="contained" size="large" disabled={accept.isPending} startIcon={accept.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
        {t('settings.invite.submit')}
      </Button>
    </Stack>
  );
}
