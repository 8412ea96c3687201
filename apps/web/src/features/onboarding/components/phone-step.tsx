import { zodResolver } from '@hookform/resolvers/zod';
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

/**
 * An Indian mobile number, typed with or without +91, sent as E.164 (design.md §5). Stricter
 * than the shared phoneSchema, which also takes landlines: a text message needs a mobile.
 */
const phoneFormSchema = z.object({
  phone: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^(\+91|0)?[6-9]\d{9}$/, 'Enter a 10-digit mobile number'))
    .transform((value) => `+91${value.slice(-10)}`),
});

interface PhoneStepProps {
  /** The number sent to before, kept when the person comes back to change it. */
  defaultPhone: string;
  onSent: (phone: string) => void;
}

export function PhoneStep({ defaultPhone, onSent }: PhoneStepProps) {
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
          enqueueSnackbar(`Code sent to ${phone}`, { variant: 'success' });
          onSent(phone);
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
        autoFocus
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
      <Button type="submit" variant="contained" size="large" loading={sendOtp.isPending} disabled={sendOtp.isPending}>
        Send code
      </Button>
    </Stack>
  );
}
