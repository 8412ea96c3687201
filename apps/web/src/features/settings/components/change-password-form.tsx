import { newPasswordSchema, PASSWORD_MIN_LENGTH, passwordChangeSchema, type PasswordChange } from '@caredesk/shared';
import { zodResolver } from '@/lib/zod-resolver';
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
import { t, useT } from '../i18n';
import { FormPasswordField } from './form-password-field';

/** The field a mismatch is shown under. */
const CONFIRM_FIELD = 'confirmPassword';
const changePasswordFormSchema = passwordChangeSchema
  .extend({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, { path: [CONFIRM_FIELD], error: () => t('settings.password.mismatch') });
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
  const t = useT();
  const { control, handleSubmit, setError, reset } = useForm<ChangePasswordFormInput, unknown, ChangePasswordFormOutput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', signOutOtherSessions: false },
  });

  const submit = handleSubmit(async ({ confirmPassword: _confirm, ...input }) => {
    const body: PasswordChange = input;
    try {
      await change.mutateAsync(body);
      reset();
      enqueueSnackbar(t('settings.password.changed'), { variant: 'success' });
      onChanged?.();
    } catch (error) {
      showFormError(error, { setError });
    }
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)} aria-label={t('settings.password.form')}>
      <FormPasswordField
        control={control}
        name="currentPassword"
        label={t('settings.password.current')}
        autoComplete="current-password"
        autoFocus={temporary}
        helperText={temporary ? t('settings.password.currentTemporary') : undefined}
      />
      <FormPasswordField
        control={control}
        name="newPassword"
        label={t('settings.password.new')}
        autoComplete="new-password"
        showStrength
        helperText={t('settings.password.hint', { min: PASSWORD_MIN_LENGTH })}
      />
      <FormPasswordField control={control} name="confirmPassword" label={t('settings.password.confirmNew')} autoComplete="new-password" />
      {temporary ? null : (
        <Controller
          name="signOutOtherSessions"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />}
              label={t('settings.password.signOutOthers')}
            />
          )}
        />
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={change.isPending} startIcon={change.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {change.isPending ? t('settings.saving') : t('settings.password.change')}
        </Button>
      </Stack>
    </Stack>
  );
}
