import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { PasswordField } from './password-field';

interface FormPasswordFieldProps<Values extends FieldValues, Output> {
  control: Control<Values, unknown, Output>;
  name: Path<Values>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  showStrength?: boolean;
  helperText?: string;
  autoFocus?: boolean;
}

/** A PasswordField bound to a react-hook-form field, showing its error under it. */
export function FormPasswordField<Values extends FieldValues, Output = Values>({ control, name, helperText, ...props }: FormPasswordFieldProps<Values, Output>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <PasswordField
          {...props}
          name={field.name}
          inputRef={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          required
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
