import { SERVICE_CATEGORIES } from '@caredesk/shared';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { ImageUpload } from '@/components/image-upload';
import { FormAutocomplete } from '@/components/records/form-autocomplete';
import { FormTextField } from '@/components/records/form-text-field';
import { useT } from '../i18n';
import type { ServiceFormInput } from './service-form-schema';

// eslint-disable-next-line lingui/no-unlocalized-strings -- CSS grid tracks
const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

interface ServiceBasicsFieldsProps {
  /** Scans and tests choose their kind (only when creating); other services have none to choose. */
  chooseKind: boolean;
  editing: boolean;
}

/** Kind, name, category, price, image and description. */
export function ServiceBasicsFields({ chooseKind, editing }: ServiceBasicsFieldsProps) {
  const t = useT();
  const { control } = useFormContext<ServiceFormInput>();
  const kind = useWatch({ control, name: 'kind' });
  return (
    <>
      <Controller
        name="imageUrl"
        control={control}
        render={({ field, fieldState }) => <ImageUpload label="image" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
      />
      <Box sx={twoColumns}>
        {chooseKind ? (
          <FormTextField name="kind" label={t('services.field.kind')} select required disabled={editing} helperText={editing ? t('services.field.kindFixed') : undefined}>
            <MenuItem value="SCAN">{t('services.kind.scan')}</MenuItem>
            <MenuItem value="TEST">{t('services.kind.test')}</MenuItem>
          </FormTextField>
        ) : null}
        <FormTextField name="name" label={t('services.field.name')} required autoComplete="off" />
        <FormAutocomplete name="category" label={t('services.field.category')} options={SERVICE_CATEGORIES[kind]} />
        <FormTextField
          name="price"
          label={t('services.field.price')}
          required
          type="number"
          slotProps={{
            htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
          }}
        />
      </Box>
      <FormTextField name="description" label={t('services.field.description')} multiline minRows={2} />
    </>
  );
}
