import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { clearTempAccessToken, getTempAccessToken } from '@/lib/session';
import { CodeStep } from '../components/code-step';
import { useDetailsForm } from '../components/details-form';
import { DetailsStep } from '../components/details-step';
import { PhoneStep } from '../components/phone-step';
import { useT } from '../i18n';

const steps = ['onboarding.step.phone', 'onboarding.step.code', 'onboarding.step.details'] as const;
type StepIndex = 0 | 1 | 2;

const introductions = {
  0: 'onboarding.intro.phone',
  1: 'onboarding.intro.code',
  2: 'onboarding.intro.details',
} as const satisfies Record<StepIndex, string>;

/**
 * /new: phone, code, then the organisation and its first admin. Everything typed lives here,
 * so changing the number keeps the other answers. A stored temporary token (a reload after
 * verifying) resumes at the last step.
 */
export default function OnboardingPage() {
  const t = useT();
  const [step, setStep] = useState<StepIndex>(() => (getTempAccessToken() ? 2 : 0));
  const [phone, setPhone] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const details = useDetailsForm();

  const changeNumber = () => {
    clearTempAccessToken();
    setNotice(null);
    setStep(0);
  };

  return (
    <Paper sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Stack spacing={3}>
        <div>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('onboarding.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t(introductions[step])}
          </Typography>
        </div>
        <Stepper activeStep={step} alternativeLabel aria-label={t('onboarding.stepsLabel')}>
          {steps.map((id) => (
            <Step key={id}>
              <StepLabel>{t(id)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {notice ? (
          <Alert severity="warning" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : null}
        {step === 0 ? (
          <PhoneStep
            defaultPhone={phone ?? ''}
            onSent={(sentTo) => {
              setPhone(sentTo);
              setNotice(null);
              setStep(1);
            }}
          />
        ) : null}
        {step === 1 && phone ? <CodeStep phone={phone} onVerified={() => setStep(2)} onChangeNumber={changeNumber} /> : null}
        {step === 2 ? (
          <DetailsStep
            form={details}
            logo={logo}
            onLogoChange={setLogo}
            phone={phone}
            onChangeNumber={changeNumber}
            onVerificationLost={(message) => {
              setNotice(message);
              setStep(0);
            }}
          />
        ) : null}
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('onboarding.haveAccount')}{' '}
          <Link component={RouterLink} to={paths.signIn} underline="always">
            {t('onboarding.signIn')}
          </Link>
        </Typography>
      </Stack>
    </Paper>
  );
}
