import { SPECIALIZATIONS } from '@caredesk/shared';
import Box from '@mui/material/Box';
import { Controller, useFormContext } from 'react-hook-form';
import { ImageUpload } from '@/components/image-upload';
import { FormAutocomplete } from '@/components/records/form-autocomplete';
import { FormTextField } from '@/components/records/form-text-field';
import { useT } from '../i18n';
import type { DoctorFormInput } from './doctor-form-schema';

// eslint-disable-next-line lingui/no-unlocalized-strings -- CSS grid tracks
const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** Photo, name, specialization, qualifications, experience and bio. */
export function DoctorProfileFields() {
  const t = useT();
  const { control } = useFormContext<DoctorFormInput>();
  return (
    <>
      <Controller
        name="photoUrl"
        control={control}
        render={({ field, fieldState }) => <ImageUpload label="photo" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
      />
      <Box sx={twoColumns}>
        <FormTextField name="name" label={t('doctors.field.name')} required autoComplete="off" />
        <FormAutocomplete name="specialization" label={t('doctors.field.specialization')} options={SPECIALIZATIONS} required />
        <FormTextField name="qualifications" label={t('doctors.field.qualifications')} placeholder={t('doctors.field.qualificationsExample')} />
        <FormTextField name="experienceYears" label={t('doctors.field.experience')} type="number" slotProps={{ htmlInput: { min: 0, max: 70, inputMode: 'numeric' } }} />
      </Box>
      <FormTextField name="bio" label={t('doctors.field.bio')} multiline minRows={3} />
    </>
  );
}
