import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '@/components/toast';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorIssues, errorMessage, errorStatus } from '@/lib/http';
import { clearTempAccessToken } from '@/lib/session';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import { useSaveLogo } from '../api/save-logo';
import { AdminFields } from './admin-fields';
import { isDetailsField, toOnboardingRequest, type DetailsForm } from './details-form';
import { OrganisationFields } from './organisation-fields';
import { useT } from '../i18n';

interface DetailsStepProps {
  form: DetailsForm;
  logo: File | null;
  onLogoChange: (file: File | null) => void;
  /** The verified number, when this visit verified it (a reload keeps only the token). */
  phone: string | null;
  onChangeNumber: () => void;
  /** The temporary token was refused (expired or already used): verify the phone again. */
  onVerificationLost: (message: string) => void;
}

/**
 * Step 3: the organisation and its first admin. 'Create organisation' signs the admin in; the
 * logo goes up afterwards with the new token, and failing that only warns: the organisation
 * exists and the logo can be added in Settings.
 */
export function DetailsStep({ form, logo, onLogoChange, phone, onChangeNumber, onVerificationLost }: DetailsStepProps) {
  const t = useT();
  const navigate = useNavigate();
  const complete = useCompleteOnboarding();
  const saveLogo = useSaveLogo();

  const finish = async () => {
    if (logo) {
      try {
        await saveLogo.mutateAsync(logo);
      } catch {
        enqueueSnackbar(t('onboarding.details.logoNotSaved'), { variant: 'warning' });
      }
    }
    await navigate(paths.dashboard, { replace: true });
  };

  const submit = form.handleSubmit((values) => {
    complete.mutate(toOnboardingRequest(values), {
      onSuccess: () => void finish(),
      onError: (error) => {
        if (errorStatus(error) === 401) {
          clearTempAccessToken();
          onVerificationLost(errorMessage(error));
          return;
        }
        // A taken e-mail (409) or a refused field (400) shows under its field.
        const issues = errorIssues(error).flatMap(({ path, message }) => (isDetailsField(path) ? [{ path, message }] : []));
        issues.forEach((issue, index) => form.setError(issue.path, { message: issue.message }, { shouldFocus: index === 0 }));
        if (issues.length === 0) enqueueSnackbar(errorMessage(error), { variant: 'error' });
      },
    });
  });

  const pending = complete.isPending || saveLogo.isPending || complete.isSuccess;
  return (
    <Stack component="form" noValidate spacing={3} onSubmit={(event) => void submit(event)}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {phone ? t('onboarding.details.verified', { phone }) : t('onboarding.details.phoneVerified')}
        </Typography>
        <Button size="small" onClick={onChangeNumber} disabled={pending}>
          {t('onboarding.changeNumber')}
        </Button>
      </Stack>
      <OrganisationFields form={form} logo={logo} onLogoChange={onLogoChange} />
      <Divider />
      <AdminFields form={form} />
      <Button type="submit" variant="contained" size="large" loading={pending} disabled={pending}>
        {t('onboarding.details.submit')}
      </Button>
    </Stack>
  );
}
