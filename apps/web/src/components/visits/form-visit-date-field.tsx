import { Controller, useFormContext } from 'react-hook-form';
import { VisitDateField, type VisitDateFieldProps } from './visit-date-field';

/** The fields of a visit dialog's form that the day is tied to. */
type VisitDayValues = { date: string; startTime: string };

/** The visit's day in the surrounding form (the booking and reschedule dialogs). */
export function FormVisitDateField(props: Omit<VisitDateFieldProps, 'value' | 'onChange'>) {
  const { control, setValue } = useFormContext<VisitDayValues>();
  return (
    <Controller
      name="date"
      control={control}
      render={({ field }) => (
        <VisitDateField
          {...props}
          value={field.value}
          onChange={(next) => {
            field.onChange(next);
            // Another day has other slots: the chosen one no longer stands.
            setValue('startTime', '');
          }}
        />
      )}
    />
  );
}
