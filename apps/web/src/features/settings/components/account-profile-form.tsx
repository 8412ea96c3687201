import { accountUpdateSchema, type Account } from '@caredesk/shared';
import { zodResolver } from '@/lib/zod-resolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { enqueueSnackbar } from '@/components/toast';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ImageUpload } from '@/components/image-upload';
import { showFormError } from '@/components/records/form-errors';
import { FormTextField } from '@/components/records/form-text-field';
import { optionalText, textOf } from '@/components/records/form-values';
import { useUpdateAccount } from '../api/update-account';
import { useT } from '../i18n';

const shape = accountUpdateSchema.required().shape;
const accountFormSchema = z.object({ name: shape.name, phone: optionalText(shape.phone), avatarUrl: shape.avatarUrl });
type AccountFormInput = z.input<typeof accountFormSchema>;
type AccountFormOutput = z.output<typeof accountFormSchema>;

const defaultsOf = (account: Account): AccountFormInput => ({ name: account.name, phone: textOf(account.phone), avatarUrl: account.avatarUrl });

/** Name, phone and photo; the e-mail is the sign-in name and only shown. */
export function AccountProfileForm({ account }: { account: Account }) {
  const form = useForm<AccountFormInput, unknown, AccountFormOutput>({ resolver: zodResolver(accountFormSchema), defaultValues: defaultsOf(account) });
  const { control, handleSubmit, setError, reset, formState } = form;
  const update = useUpdateAccount();
  const t = useT();

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ name: values.name, phone: values.phone as string | null, avatarUrl: values.avatarUrl });
      reset(defaultsOf(saved));
      enqueueSnackbar(t('settings.account.saved'), { variant: 'success' });
    } catch (error) {
      showFormError(error, { setError });
    }
  });

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        aria-label={t('settings.account.details')}
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Controller
          name="avatarUrl"
          control={control}
          render={({ field, fieldState }) => <ImageUpload label="photo" value={field.value} onChange={(url) => field.onChange(url)} error={fieldState.error?.message} />}
        />
        <FormTextField name="name" label={t('settings.account.name')} required />
        <TextField label={t('settings.account.email')} value={account.email} fullWidth slotProps={{ htmlInput: { readOnly: true } }} helperText={t('settings.account.emailHelp')} />
        <FormTextField name="phone" label={t('settings.account.phone')} type="tel" />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={update.isPending || !formState.isDirty}
            startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {update.isPending ? t('settings.saving') : t('settings.save')}
          </Button>
        </Box>
      </Box>
    </FormProvider>
  );
}
