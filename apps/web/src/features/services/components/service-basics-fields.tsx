import { SERVICE_CATEGORIES } from '@caredesk/shared';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { ImageUpload } from '@/components/image-upload';
import { FormAutocomplete } from '@/components/records/form-autocomplete';
import { FormTextField } from '@/components/records/form-text-field';
import type { ServiceFormInput } from './service-form-schema';

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

interface ServiceBasicsFieldsProps {
  /** Scans and tests choose their kind (only when creating); other services have none to choose. */
  chooseKind: boolean;
  editing: boolean;
}

/** Kind, name, category, price, image and description. */
export function ServiceBasicsFields({ chooseKind, editing }: ServiceBasicsFieldsProps) {
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
          <FormTextField name="kind" label="Kind" select required disabled={editing} helperText={editing ? 'The kind cannot change after creation' : undefined}>
            <MenuItem value="SCAN">Scan</MenuItem>
            <MenuItem value="TEST">Test</MenuItem>
          </FormTextField>
        ) : null}
        <FormTextField name="name" label="Name" required autoComplete="off" />
        <FormAutocomplete name="category" label="Category" options={SERVICE_CATEGORIES[kind]} />
        <FormTextField
          name="price"
          label="Price"
          required
          type="number"
          slotProps={{
            htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
          }}
        />
      </Box>
      <FormTextField name="description" label="Description" multiline minRows={2} />
    </>
  );
}
