import { minutesOfDay, WEEKDAYS_FROM_MONDAY, type AvailabilityWindow } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT, weekdayName } from './i18n';
import { fTimeOfDay } from './slots';

/** The weekly availability read-only, Monday to Sunday: '9:00 am – 1:00 pm, 5:00 pm – 8:00 pm'. */
export function WeeklySchedule({ availability }: { availability: readonly AvailabilityWindow[] }) {
  const t = useT();
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(96px, auto) 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
      {WEEKDAYS_FROM_MONDAY.map((weekday) => {
        const windows = availability.filter((window) => window.weekday === weekday).sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
        return [
          <Typography key={`${weekday}-day`} component="dt" variant="subtitle2">
            {weekdayName(t, weekday)}
          </Typography>,
          <Typography key={`${weekday}-times`} component="dd" variant="body2" sx={{ m: 0, color: windows.length ? 'text.primary' : 'text.secondary' }}>
            {windows.length ? windows.map((window) => `${fTimeOfDay(window.start)} – ${fTimeOfDay(window.end)}`).join(', ') : t('availability.notAvailable')}
          </Typography>,
        ];
      })}
    </Box>
  );
}
