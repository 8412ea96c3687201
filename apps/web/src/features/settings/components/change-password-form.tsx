import { newPasswordHint, newPasswordSchema, passwordChangeSchema, type PasswordChange } from '@caredesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { enqueueSnackbar } from '@/components/toast';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { showFormError } from '@/components/records/form-errors';
import { useChangePassword } from '../api/change-password';
import { FormPasswordField } from './form-password-field';

const changePasswordFormSchema = passwordChangeSchema
  .extend({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: 'The passwords do not match' });
type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;
type ChangePasswordFormOutput = z.output<typeof changePasswordFormSchema>;

interface ChangePasswordFormProps {
  /** The first change after a temporary password: no 'sign out elsewhere' choice, other wording. */
  temporary?: boolean;
  onChanged?: () => void;
}

/** Current, new (with the strength meter) and confirmed password; a wrong current one is shown under it. */
export function ChangePasswordForm({ temporary, onChanged }: ChangePasswordFormProps) {
  const change = useChangePassword();
  const { control, handleSubmit, setError, reset } = useForm<ChangePasswordFormInput, unknown, ChangePasswordFormOutput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', signOutOtherSessions: false },
  });

  const submit = handleSubmit(async ({ confirmPassword: _confirm, ...input }) => {
    const body: PasswordChange = input;
    try {
      await change.mutateAsync(body);
      reset();
      enqueueSnackbar('Password changed', { variant: 'success' });
      onChanged?.();
    } catch (error) {
      showFormError(error, { setError });
    }
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)} aria-label="Change password">
      <FormPasswordField
        control={control}
        name="currentPassword"
        label="Current password"
        autoComplete="current-password"
        autoFocus={temporary}
        helperText={temporary ? 'The temporary password you signed in with' : undefined}
      />
      <FormPasswordField control={control} name="newPassword" label="New password" autoComplete="new-password" showStrength helperText={newPasswordHint} />
      <FormPasswordField control={control} name="confirmPassword" label="Confirm new password" autoComplete="new-password" />
      {temporary ? null : (
        <Controller
          name="signOutOtherSessions"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />}
              label="Sign out of all other sessions"
            />
          )}
        />
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={change.isPending} startIcon={change.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {change.isPending ? 'Saving…' : 'Change password'}
        </Button>
      </Stack>
    </Stack>
  );
}
