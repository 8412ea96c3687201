import { bloodGroups, genders, messageLanguages } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { messageLanguageLabel } from '@/i18n/shared-labels';
import { FormActions } from '@/components/records/form-actions';
import { fReverseDate } from '@/lib/format';
import { ageLabel, type PatientFormValues, type PatientPayload } from './patient-form-values';
import { PhoneMatchWarning } from './phone-match-warning';
import { useT } from '../i18n';
import { genderLabel } from '@/i18n/shared-labels';

interface PatientFormProps {
  form: UseFormReturn<PatientFormValues, unknown, PatientPayload>;
  /** The patient being edited: its own number is not a "match". */
  patientId?: string;
  pending: boolean;
  cancelHref: string;
  onSubmit: (payload: PatientPayload) => void;
}

const TWO_COLUMNS = '1fr 1fr';
const twoColumns = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: TWO_COLUMNS } } as const;

export function PatientForm({ form, patientId, pending, cancelHref, onSubmit }: PatientFormProps) {
  const t = useT();
  const { control, register, handleSubmit, formState } = form;
  const { errors } = formState;
  const [phone, dateOfBirth, ageYears] = useWatch({ control, name: ['phone', 'dateOfBirth', 'ageYears'] });
  const genderLabelId = useId();
  const age = ageLabel(dateOfBirth);

  return (
    <Box component="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-label={t('patients.form.label')}>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2.5}>
            <Box sx={twoColumns}>
              <TextField label={t('patients.form.name')} required autoComplete="off" {...register('name')} error={Boolean(errors.name)} helperText={errors.name?.message} />
              <Box>
                <TextField
                  label={t('patients.form.phone')}
                  required
                  fullWidth
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  {...register('phone')}
                  error={Boolean(errors.phone)}
                  helperText={errors.phone?.message ?? t('patients.form.phoneHelp')}
                />
                <PhoneMatchWarning phone={phone} excludeId={patientId} />
              </Box>
              <TextField label={t('patients.form.email')} type="email" autoComplete="off" {...register('email')} error={Boolean(errors.email)} helperText={errors.email?.message} />
              <FormControl error={Boolean(errors.gender)} required>
                <FormLabel id={genderLabelId}>{t('patients.form.gender')}</FormLabel>
                <Controller
                  control={control}
                  name="gender"
                  render={({ field }) => (
                    <RadioGroup row aria-labelledby={genderLabelId} {...field}>
                      {genders.map((gender) => (
                        <FormControlLabel key={gender} value={gender} control={<Radio />} label={genderLabel(gender)} />
                      ))}
                    </RadioGroup>
                  )}
                />
                {errors.gender ? <FormHelperText>{errors.gender.message}</FormHelperText> : null}
              </FormControl>
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '3fr 2fr' }}>
                <TextField
                  label={t('patients.form.dateOfBirth')}
                  type="date"
                  {...register('dateOfBirth')}
                  disabled={ageYears.trim() !== ''}
                  error={Boolean(errors.dateOfBirth)}
                  helperText={errors.dateOfBirth?.message ?? age ?? t('patients.form.optional')}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: fReverseDate(new Date()) } }}
                />
                <TextField
                  label={t('patients.form.age')}
                  type="number"
                  {...register('ageYears')}
                  disabled={dateOfBirth !== ''}
                  error={Boolean(errors.ageYears)}
                  helperText={errors.ageYears?.message ?? t('patients.form.ageHelp')}
                  slotProps={{ htmlInput: { min: 0, max: 120, step: 1, inputMode: 'numeric' } }}
                />
              </Box>
              <Controller
                control={control}
                name="bloodGroup"
                render={({ field }) => (
                  <TextField select label={t('patients.form.bloodGroup')} {...field} error={Boolean(errors.bloodGroup)} helperText={errors.bloodGroup?.message}>
                    <MenuItem value="">
                      <em>{t('patients.form.notKnown')}</em>
                    </MenuItem>
                    {bloodGroups.map((group) => (
                      <MenuItem key={group} value={group}>
                        {group}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Box>
            <Box sx={twoColumns}>
              <TextField
                label={t('patients.form.abhaNumber')}
                autoComplete="off"
                inputMode="numeric"
                {...register('abhaNumber')}
                error={Boolean(errors.abhaNumber)}
                helperText={errors.abhaNumber?.message ?? t('patients.form.abhaNumberHelp')}
              />
              <TextField
                label={t('patients.form.abhaAddress')}
                autoComplete="off"
                {...register('abhaAddress')}
                error={Boolean(errors.abhaAddress)}
                helperText={errors.abhaAddress?.message ?? t('patients.form.abhaAddressHelp')}
              />
            </Box>
            <TextField label={t('patients.form.address')} multiline minRows={2} {...register('address')} error={Boolean(errors.address)} helperText={errors.address?.message} />
            <TextField label={t('patients.form.notes')} multiline minRows={3} {...register('notes')} error={Boolean(errors.notes)} helperText={errors.notes?.message} />
            <Box sx={twoColumns}>
              <Controller
                control={control}
                name="messageConsent"
                render={({ field }) => (
                  <Box>
                    <FormControlLabel
                      control={<Checkbox checked={field.value} onChange={(_, checked) => field.onChange(checked)} onBlur={field.onBlur} name={field.name} />}
                      label={t('patients.form.consent')}
                    />
                    <FormHelperText sx={{ mt: 0 }}>{t('patients.form.consentHelp')}</FormHelperText>
                  </Box>
                )}
              />
              <Controller
                control={control}
                name="messageLanguage"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('patients.form.messageLanguage')}
                    {...field}
                    error={Boolean(errors.messageLanguage)}
                    helperText={errors.messageLanguage?.message}
                    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  >
                    <MenuItem value="">{t('patients.form.organisationDefault')}</MenuItem>
                    {messageLanguages.map((language) => (
                      <MenuItem key={language} value={language} lang={language}>
                        {messageLanguageLabel(language)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Box>
          </Stack>
        </CardContent>
      </Card>
      <Box sx={{ mt: 3 }}>
        <FormActions cancelHref={cancelHref} pending={pending} />
      </Box>
    </Box>
  );
}
