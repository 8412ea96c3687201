import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useT } from '../../i18n';

export const appointmentViews = ['list', 'day', 'week'] as const;
export type AppointmentView = (typeof appointmentViews)[number];

/** ?view=day|week; anything else (or nothing) is the list, so old links keep opening the list. */
export function parseView(value: string | null): AppointmentView {
  return value === 'day' || value === 'week' ? value : 'list';
}

export function ViewSwitch({ value, onChange }: { value: AppointmentView; onChange: (view: AppointmentView) => void }) {
  const t = useT();
  const labels: Record<AppointmentView, string> = { list: t('appointments.view.list'), day: t('appointments.view.day'), week: t('appointments.view.week') };
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      aria-label={t('appointments.view.label')}
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
