import { weekdayOf, type DayWindow } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { nextWindow, windowErrorsOf } from './availability-utils';
import { DayWindows } from './day-windows';

export interface DayHoursEditorProps {
  /** The day (YYYY-MM-DD): its weekday only places a new window sensibly. */
  date: string;
  /** What the day is called to a reader: 'Mon 12 Jan'. */
  label: string;
  value: readonly DayWindow[];
  onChange: (windows: DayWindow[]) => void;
  /** Errors of the windows, as the shared schema or the server words them ('windows.1.start'). */
  error?: unknown;
  disabled?: boolean;
}

/**
 * One date's hours: the weekly availability editor's day row (time windows, add and remove) for
 * a single day that differs from the week. Controlled.
 */
export function DayHoursEditor({ date, label, value, onChange, error, disabled }: DayHoursEditorProps) {
  const weekday = weekdayOf(date);
  const { windows: errors, message } = windowErrorsOf(error);
  const indexed = value.map((window, index) => ({ window: { weekday, ...window }, index }));
  const strip = ({ start, end }: DayWindow): DayWindow => ({ start, end });
  return (
    <Box>
      <DayWindows
        weekday={weekday}
        label={label}
        windows={indexed}
        errors={errors}
        disabled={disabled}
        onChange={(index, patch) => onChange(value.map((window, position) => (position === index ? strip({ ...window, ...patch }) : window)))}
        onAdd={() =>
          onChange([
            ...value,
            strip(
              nextWindow(
                indexed.map(({ window }) => window),
                weekday,
              ),
            ),
          ])
        }
        onRemove={(index) => onChange(value.filter((_, position) => position !== index))}
      />
      {message ? (
        <Typography role="alert" variant="caption" sx={{ color: 'error.main' }}>
          {message}
        </Typography>
      ) : null}
    </Box>
  );
}
