import { zodResolver } from '@/lib/zod-resolver';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { enqueueSnackbar } from '@/components/toast';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '@/lib/http';
import { useSendOtp } from '../api/send-otp';
import { t as translate, useT } from '../i18n';

/**
 * An Indian mobile number, typed with or without +91, sent as E.164 (design.md §5). Stricter
 * than the shared phoneSchema, which also takes landlines: a text message needs a mobile.
 */
const phoneFormSchema = z.object({
  phone: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    // A function: zod asks for the message when the check fails, in the language of that moment.
    .pipe(z.string().regex(/^(\+91|0)?[6-9]\d{9}$/, { error: () => translate('onboarding.phone.invalid') }))
    .transform((value) => `+91${value.slice(-10)}`),
});

interface PhoneStepProps {
  /** The number sent to before, kept when the person comes back to change it. */
  defaultPhone: string;
  onSent: (phone: string) => void;
}

export function PhoneStep({ defaultPhone, onSent }: PhoneStepProps) {
  const t = useT();
  const sendOtp = useSendOtp();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof phoneFormSchema>, unknown, z.output<typeof phoneFormSchema>>({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: { phone: defaultPhone.replace(/^\+91/, '') },
  });

  const submit = handleSubmit(({ phone }) => {
    sendOtp.mutate(
      { phone },
      {
        onSuccess: () => {
          enqueueSnackbar(t('onboarding.phone.sent', { phone }), { variant: 'success' });
          onSent(phone);
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('onboarding.phone.label')}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        autoFocus
        error={Boolean(errors.phone)}
        helperText={errors.phone?.message ?? t('onboarding.phone.helper')}
        {...register('phone')}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <PhoneIphoneOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" loading={sendOtp.isPending} disabled={sendOtp.isPending}>
        {t('onboarding.phone.submit')}
      </Button>
    </Stack>
  );
}
