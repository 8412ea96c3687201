import { WEEKDAYS_FROM_MONDAY, type AvailabilityWindow } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { copyDay, nextWindow, windowErrorsOf } from './availability-utils';
import { CopyDayDialog } from './copy-day-dialog';
import { DayWindows } from './day-windows';

export interface AvailabilityEditorProps {
  /** The weekly schedule as the API holds it: a flat list of { weekday, start, end }. */
  value: readonly AvailabilityWindow[];
  onChange: (windows: AvailabilityWindow[]) => void;
  /**
   * The form's error for the schedule (formState.errors.availability): per-window messages from
   * the shared schema (end before start, overlaps) or the server ('availability.1.start').
   */
  error?: unknown;
  disabled?: boolean;
}

/**
 * Weekly availability, Monday to Sunday: several time windows a day, add/remove, and copy one
 * day's windows to other days. Controlled: wire it with a react-hook-form Controller.
 */
export function AvailabilityEditor({ value, onChange, error, disabled }: AvailabilityEditorProps) {
  const [copyFrom, setCopyFrom] = useState<number | null>(null);
  const { windows: errors, message } = windowErrorsOf(error);
  const indexed = value.map((window, index) => ({ window, index }));

  const change = (index: number, patch: Partial<AvailabilityWindow>) => onChange(value.map((window, position) => (position === index ? { ...window, ...patch } : window)));

  return (
    <Box>
      {WEEKDAYS_FROM_MONDAY.map((weekday) => (
        <DayWindows
          key={weekday}
          weekday={weekday}
          windows={indexed.filter(({ window }) => window.weekday === weekday)}
          errors={errors}
          disabled={disabled}
          onChange={change}
          onAdd={() => onChange([...value, nextWindow(value, weekday)])}
          onRemove={(index) => onChange(value.filter((_, position) => position !== index))}
          onCopy={() => setCopyFrom(weekday)}
        />
      ))}
      {message ? (
        <Typography role="alert" variant="caption" sx={{ color: 'error.main' }}>
          {message}
        </Typography>
      ) : null}
      <CopyDayDialog
        from={copyFrom}
        onClose={() => setCopyFrom(null)}
        onCopy={(to) => {
          if (copyFrom !== null) onChange(copyDay(value, copyFrom, to));
          setCopyFrom(null);
        }}
      />
    </Box>
  );
}
