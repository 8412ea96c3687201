import { INACTIVITY_MAX_MINUTES, INACTIVITY_MIN_MINUTES, type OrganisationProfile } from '@caredesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { enqueueSnackbar } from '@/components/toast';
import { useMemo } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { ImageUpload } from '@/components/image-upload';
import { showFormError } from '@/components/records/form-errors';
import { FormSection } from '@/components/records/form-section';
import { FormTextField } from '@/components/records/form-text-field';
import { useUnsavedChangesGuard } from '@/components/records/use-unsaved-changes-guard';
import { useUpdateOrganisationSettings } from '../api/update-organisation-settings';
import { organisationFormDefaults, organisationFormSchema, timeZoneOptions, type OrganisationFormInput, type OrganisationFormOutput } from './organisation-form-schema';

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** Settings > Organisation: the profile, logo and security settings, saved together. */
export function OrganisationForm({ profile }: { profile: OrganisationProfile }) {
  const form = useForm<OrganisationFormInput, unknown, OrganisationFormOutput>({
    resolver: zodResolver(organisationFormSchema),
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
      enqueueSnackbar('Organisation saved', { variant: 'success' });
    } catch (error) {
      showFormError(error, { setError });
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 880 }}>
        <FormSection title="Profile">
          <FormTextField name="name" label="Name" required />
          <Box sx={twoColumns}>
            <FormTextField name="email" label="E-mail" type="email" required />
            <FormTextField name="phone" label="Phone" type="tel" />
          </Box>
          <Controller
            name="logoUrl"
            control={control}
            render={({ field, fieldState }) => <ImageUpload label="logo" value={field.value} onChange={(url) => field.onChange(url)} error={fieldState.error?.message} />}
          />
        </FormSection>
        <FormSection title="Address">
          <FormTextField name="address" label="Address" multiline minRows={2} />
          <Box sx={twoColumns}>
            <FormTextField name="city" label="City" />
            <FormTextField name="state" label="State" />
            <FormTextField name="pincode" label="PIN code" slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }} />
            <Controller
              name="timeZone"
              control={control}
              render={({ field, fieldState }) => (
                <Autocomplete
                  options={zones}
                  value={field.value}
                  disableClearable
                  onChange={(_event, zone) => field.onChange(zone)}
                  renderInput={(params) => (
                    <TextField {...params} label="Time zone" required inputRef={field.ref} error={Boolean(fieldState.error)} helperText={fieldState.error?.message} />
                  )}
                />
              )}
            />
          </Box>
        </FormSection>
        <FormSection title="Patient records">
          <FormTextField
            name="uhidPrefix"
            label="UHID prefix"
            required
            helperText="Starts each new patient's UHID (MR number), e.g. SAN- gives SAN-000123. Numbers already given keep theirs."
            slotProps={{ htmlInput: { maxLength: 10, autoCapitalize: 'characters' } }}
            sx={{ maxWidth: { sm: 360 } }}
          />
        </FormSection>
        <FormSection title="Security">
          <FormTextField
            name="inactivityMinutes"
            label="Sign out after inactivity (minutes)"
            type="number"
            required
            helperText={`Staff are signed out after this long without activity (${INACTIVITY_MIN_MINUTES}–${INACTIVITY_MAX_MINUTES}); a warning shows a minute before.`}
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
            {update.isPending ? 'Saving…' : 'Save'}
          </Button>
        </Box>
      </Box>
      {guard.dialog}
    </FormProvider>
  );
}
