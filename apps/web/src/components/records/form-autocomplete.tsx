import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';

interface FormAutocompleteProps {
  /** The text field's name in the surrounding react-hook-form FormProvider. */
  name: string;
  label: string;
  /** Suggestions; any other text may be typed too (freeSolo). */
  options: readonly string[];
  required?: boolean;
}

/** A text field with suggestions (e.g. specialization, category) bound to the surrounding form. */
export function FormAutocomplete({ name, label, options, required }: FormAutocompleteProps) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const text = typeof field.value === 'string' ? field.value : '';
        return (
          <Autocomplete
            freeSolo
            options={options}
            value={text}
            inputValue={text}
            onInputChange={(_, value) => field.onChange(value)}
            onChange={(_, value) => field.onChange(value ?? '')}
            renderInput={(params) => (
              <TextField
                {...params}
                label={label}
                required={required}
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
        );
      }}
    />
  );
}
