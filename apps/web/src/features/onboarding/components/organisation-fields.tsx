import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import type { DetailsForm } from './details-form';
import { useT } from '../i18n';
import { LogoPicker } from './logo-picker';
import { OrganisationTypeCards } from './organisation-type-cards';

interface OrganisationFieldsProps {
  form: DetailsForm;
  logo: File | null;
  onLogoChange: (file: File | null) => void;
}

export function OrganisationFields({ form, logo, onLogoChange }: OrganisationFieldsProps) {
  const t = useT();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const fieldErrors = errors.organisation;
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {t('onboarding.organisation.title')}
      </Typography>
      <TextField
        label={t('onboarding.organisation.name')}
        autoComplete="organization"
        error={Boolean(fieldErrors?.name)}
        helperText={fieldErrors?.name?.message}
        {...register('organisation.name')}
      />
      <Controller control={control} name="organisation.type" render={({ field }) => <OrganisationTypeCards value={field.value} onChange={field.onChange} />} />
      <TextField
        label={t('onboarding.organisation.email')}
        type="email"
        autoComplete="email"
        error={Boolean(fieldErrors?.email)}
        helperText={fieldErrors?.email?.message ?? t('onboarding.organisation.emailHelper')}
        {...register('organisation.email')}
      />
      <TextField
        label={t('onboarding.organisation.address')}
        autoComplete="street-address"
        multiline
        minRows={2}
        error={Boolean(fieldErrors?.address)}
        helperText={fieldErrors?.address?.message}
        {...register('organisation.address')}
      />
      <TextField
        label={t('onboarding.organisation.city')}

        autoComplete="address-level2"
        error={Boolean(fieldErrors?.city)}
        helperText={fieldErrors?.city?.message}
        {...register('organisation.city')}
      />
      <LogoPicker value={logo} onChange={onLogoChange} />
    </Stack>
  );
}
