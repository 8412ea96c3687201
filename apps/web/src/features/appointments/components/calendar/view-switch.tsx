import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

export const appointmentViews = ['list', 'day', 'week'] as const;
export type AppointmentView = (typeof appointmentViews)[number];

/** ?view=day|week; anything else (or nothing) is the list, so old links keep opening the list. */
export function parseView(value: string | null): AppointmentView {
  return value === 'day' || value === 'week' ? value : 'list';
}

const labels: Record<AppointmentView, string> = { list: 'List', day: 'Day', week: 'Week' };

export function ViewSwitch({ value, onChange }: { value: AppointmentView; onChange: (view: AppointmentView) => void }) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      aria-label="View"
      value={value}
      // Clicking the pressed button deselects it (null): the view stays as it is.
      onChange={(_, next: AppointmentView | null) => next && onChange(next)}
    >
      {appointmentViews.map((view) => (
        <ToggleButton key={view} value={view} sx={{ px: 2 }}>
          {labels[view]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
