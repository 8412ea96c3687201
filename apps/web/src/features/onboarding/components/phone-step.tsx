import { zodResolver } from '@hookform/resolvers/zod';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '@/lib/http';
import { useSendOtp } from '../api/send-otp';

/**
 * An Indian mobile number, typed with or without +91, sent as E.164 (design.md §5).
 * Kept here until packages/shared publishes the onboarding request schemas.
 */
const phoneFormSchema = z.object({
  phone: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^(\+91|0)?[6-9]\d{9}$/, 'Enter a 10-digit mobile number'))
    .transform((value) => `+91${value.slice(-10)}`),
});

export function PhoneStep() {
  const { enqueueSnackbar } = useSnackbar();
  const sendOtp = useSendOtp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof phoneFormSchema>, unknown, z.output<typeof phoneFormSchema>>({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: { phone: '' },
  });

  const submit = handleSubmit(({ phone }) => {
    sendOtp.mutate(
      { phone },
      {
        onSuccess: () => {
          setSentTo(phone);
          enqueueSnackbar(`Code sent to ${phone}`, { variant: 'success' });
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)}>
      <TextField
        label="Mobile number"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        error={Boolean(errors.phone)}
        helperText={errors.phone?.message ?? 'We send a one-time code to verify it is yours.'}
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
      {sentTo ? (
        <Alert severity="success">A 6-digit code is on its way to {sentTo}. It is valid for a few minutes.</Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" loading={sendOtp.isPending} disabled={sendOtp.isPending}>
        {sentTo ? 'Resend code' : 'Send code'}
      </Button>
    </Stack>
  );
}
