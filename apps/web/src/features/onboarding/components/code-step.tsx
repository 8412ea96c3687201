import { zodResolver } from '@/lib/zod-resolver';
import { ONBOARDING_OTP_TTL_SECONDS, onboardingLoginRequestSchema } from '@caredesk/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '@/components/toast';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorIssues, errorMessage } from '@/lib/http';
import { useSendOtp } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { useT } from '../i18n';

/** A person may ask for another text this long after the last one. */
export const RESEND_AFTER_SECONDS = 30;

const codeFormSchema = onboardingLoginRequestSchema.pick({ otp: true });

interface CodeStepProps {
  phone: string;
  onVerified: () => void;
  onChangeNumber: () => void;
}

function useCountdown(seconds: number) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((current) => current - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return { left, restart: () => setLeft(seconds) };
}

/** The 6-digit code from the text message; a right one stores the temporary access token. */
export function CodeStep({ phone, onVerified, onChangeNumber }: CodeStepProps) {
  const t = useT();
  const verify = useVerifyOtp();
  const resend = useSendOtp();
  const countdown = useCountdown(RESEND_AFTER_SECONDS);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { otp: '' },
  });

  const submit = handleSubmit(({ otp }) => {
    verify.mutate(
      { phone, otp },
      {
        onSuccess: onVerified,
        // The server names 'otp' for a wrong, expired or used code; a 429 names nothing.
        onError: (error) => setError('otp', { message: errorIssues(error).find((issue) => issue.path === 'otp')?.message ?? errorMessage(error) }),
      },
    );
  });

  const sendAgain = () => {
    resend.mutate(
      { phone },
      {
        onSuccess: () => {
          countdown.restart();
          enqueueSnackbar(t('onboarding.code.newSent', { phone }), { variant: 'success' });
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)}>
      <Typography variant="body2">{t('onboarding.code.intro', { phone })}</Typography>
      <TextField
        label={t('onboarding.code.label')}
        autoComplete="one-time-code"
        autoFocus
        error={Boolean(errors.otp)}
        helperText={errors.otp?.message ?? t('onboarding.code.validFor', { minutes: ONBOARDING_OTP_TTL_SECONDS / 60 })}
        {...register('otp')}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
      />
      <Button type="submit" variant="contained" size="large" loading={verify.isPending} disabled={verify.isPending}>
        {t('onboarding.code.verify')}
      </Button>
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" onClick={onChangeNumber}>
          {t('onboarding.changeNumber')}
        </Button>
        <Button size="small" onClick={sendAgain} disabled={countdown.left > 0 || resend.isPending}>
          {countdown.left > 0 ? t('onboarding.code.resendIn', { seconds: countdown.left }) : t('onboarding.code.resend')}
        </Button>
      </Stack>
    </Stack>
  );
}
