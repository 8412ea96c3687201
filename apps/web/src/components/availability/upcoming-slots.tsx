import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import type { AvailabilityWindow, DayWindow } from '@caredesk/shared';
import { useT } from './i18n';
import { fTimeOfDay, upcomingSlots } from './slots';

interface UpcomingSlotsProps {
  availability: readonly AvailabilityWindow[];
  slotMinutes: number;
  leaveDates?: readonly string[];
  /** Days whose hours differ from the week's (a doctor's day changes), by date. */
  changedHours?: ReadonlyMap<string, readonly DayWindow[]>;
  /** Today, or a fixed day in tests. */
  from?: Date;
}

/** The next 7 days of slots, day by day: slot chips, 'On leave' or 'Not available'. */
export function UpcomingSlots({ availability, slotMinutes, leaveDates = [], changedHours, from }: UpcomingSlotsProps) {
  const t = useT();
  const now = dayjs(from);
  const days = upcomingSlots(availability, slotMinutes, leaveDates, now.toDate(), 7, changedHours);
  // Today's slots that have already started are shown, but greyed: the desk cannot book them.
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a date format
  const nowTime = now.format('HH:mm');
  return (
    <Box component="ul" aria-label={t('availability.upcoming.label')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {days.map((day, index) => {
        // eslint-disable-next-line lingui/no-unlocalized-strings -- a date format
        const date = dayjs(day.date).format('ddd D MMM');
        const label = index === 0 ? t('availability.upcoming.today', { date }) : date;
        return (
          <Box
            component="li"
            key={day.date}
            aria-label={label}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '150px 1fr' },
              gap: 1,
              py: 1.5,
              borderBottom: 1,
              borderColor: 'divider',
              '&:last-of-type': { borderBottom: 0 },
            }}
          >
            <Box>
              <Typography variant="subtitle2">{label}</Typography>
              {day.changed ? (
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('availability.upcoming.changed')}
                </Typography>
              ) : null}
            </Box>
            {day.status === 'open' ? (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
                {day.slots.length === 0 ? (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('availability.upcoming.noSlot')}
                  </Typography>
                ) : (
                  day.slots.map((slot) => (
                    // A slot already gone today is struck through, not greyed out: its time stays readable (4.5:1).
                    <Chip
                      key={slot}
                      size="small"
                      variant="outlined"
                      label={fTimeOfDay(slot)}
                      title={index === 0 && slot < nowTime ? t('availability.upcoming.past') : undefined}
                      sx={index === 0 && slot < nowTime ? { color: 'text.secondary', textDecoration: 'line-through', borderStyle: 'dashed' } : undefined}
                    />
                  ))
                )}
              </Box>
            ) : (
              <Typography variant="body2" sx={{ color: day.status === 'leave' ? 'warning.main' : 'text.secondary' }}>
                {day.status === 'leave' ? t('availability.upcoming.onLeave') : t('availability.notAvailable')}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
