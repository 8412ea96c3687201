import { INACTIVITY_MAX_MINUTES, INACTIVITY_MIN_MINUTES, type OrganisationProfile } from '@caredesk/shared';
import { zodResolver } from '@/lib/zod-resolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { enqueueSnackbar } from '@/components/toast';
import { useMemo } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { ImageUpload } from '@/components/image-upload';
import { showFormError } from '@/components/records/form-errors';
import { FormAutocomplete } from '@/components/records/form-autocomplete';
import { FormSection } from '@/components/records/form-section';
import { FormTextField } from '@/components/records/form-text-field';
import { useUnsavedChangesGuard } from '@/components/records/use-unsaved-changes-guard';
import { useUpdateOrganisationSettings } from '../api/update-organisation-settings';
import { useT } from '../i18n';
import { organisationFormDefaults, organisationFormSchema, timeZoneOptions, type OrganisationFormInput, type OrganisationFormOutput } from './organisation-form-schema';

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2,1fr)' } } as const;

/** Settings > Organisation: the profile, logo and security settings, saved together. */
export function OrganisationForm({ profile }: { profile: OrganisationProfile }) {
  const t = useT();
  const form = useForm<OrganisationFormInput, unknown, OrganisationFormOutput>({
    resolver: zodResolver(organisationFormSchema()),
    defaultValues: organisationFormDefaults(profile),
  });
  const { control, formState, handleSubmit, setError, reset } = form;
  const update = useUpdateOrganisationSettings();
  const guard = useUnsavedChangesGuard(formState.isDirty);
  const zones = useMemo(() => timeZoneOptions(profile.timeZone), [profile.timeZone]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(organisationFormDefaults(saved));
      enqueueSnackbar(t('settings.organisation.saved'), { variant: 'success' });
    } catch (error) {
      showFormError(error, { setError });
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 880 }}>
        <FormSection title={t('settings.organisation.profile')}>
          <FormTextField name="name" label={t('settings.organisation.name')} required />
          <Box sx={twoColumns}>
            <FormTextField name="email" label={t('settings.organisation.email')} type="email" required />
            <FormTextField name="phone" label={t('settings.organisation.phone')} type="tel" />
          </Box>
          <Controller
            name="logoUrl"
            control={control}
            render={({ field, fieldState }) => <ImageUpload label="logo" value={field.value} onChange={(url) => field.onChange(url)} error={fieldState.error?.message} />}
          />
        </FormSection>
        <FormSection title={t('settings.organisation.addressSection')}>
          <FormTextField name="address" label={t('settings.organisation.address')} multiline minRows={2} />
          <Box sx={twoColumns}>
            <FormTextField name="city" label={t('settings.organisation.city')} />
            <FormTextField name="state" label={t('settings.organisation.state')} />
            <FormTextField name="pincode" label={t('settings.organisation.pincode')} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }} />
            <FormAutocomplete name="timeZone" label={t('settings.organisation.timeZone')} options={zones} required freeSolo={false} />
          </Box>
        </FormSection>
        <FormSection title={t('settings.organisation.patientRecords')}>
          <FormTextField
            name="uhidPrefix"
            label={t('settings.organisation.uhidPrefix')}
            required
            helperText={t('settings.organisation.uhidHelp')}
            slotProps={{ htmlInput: { maxLength: 10, autoCapitalize: 'characters' } }}
            sx={{ maxWidth: { sm: 360 } }}
          />
        </FormSection>
        <FormSection title={t('settings.organisation.security')}>
          <FormTextField
            name="inactivityMinutes"
            label={t('settings.organisation.inactivity')}
            type="number"
            required
            helperText={t('settings.organisation.inactivityHelp', { min: INACTIVITY_MIN_MINUTES, max: INACTIVITY_MAX_MINUTES })}
            slotProps={{ htmlInput: { min: INACTIVITY_MIN_MINUTES, max: INACTIVITY_MAX_MINUTES, step: 1 } }}
            sx={{ maxWidth: { sm: 360 } }}
          />
        </FormSection>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5 }}>
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
      {guard.dialog}
    </FormProvider>
  );
}
