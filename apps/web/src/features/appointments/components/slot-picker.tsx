import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { errorMessage } from '@/lib/http';
import { useDoctorSlots } from '../api/get-doctor-slots';
import { fTimeOfDay } from './appointment-format';

interface SlotPickerProps {
  doctorId: string | null;
  date: string;
  /** The chosen slot's start ('HH:mm'), or null. */
  value: string | null;
  onChange: (start: string | null) => void;
}

const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(92px, 1fr))', gap: 1 } as const;

/**
 * The doctor's free slots on the date, as buttons; only what the API returns (free ones). Kept
 * live by the ['doctor-slots', doctorId, date] invalidation and a 30 s refetch; a chosen slot
 * that disappears (booked by someone else) is unselected.
 */
export function SlotPicker({ doctorId, date, value, onChange }: SlotPickerProps) {
  const slots = useDoctorSlots(doctorId, date);
  const list = slots.data?.slots ?? [];
  const gone = value !== null && slots.data !== undefined && !list.some((slot) => slot.start === value);
  useEffect(() => {
    if (gone) onChange(null);
  }, [gone, onChange]);

  if (!doctorId || !date) {
    return <Typography sx={{ color: 'text.secondary' }}>Choose a doctor and a date to see the free slots.</Typography>;
  }
  if (slots.isPending) {
    return (
      <Box sx={grid} aria-busy="true" aria-label="Loading slots">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={40} />
        ))}
      </Box>
    );
  }
  if (slots.isError) return <Alert severity="error">{errorMessage(slots.error)}</Alert>;
  if (list.length === 0) {
    return (
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', color: 'text.secondary', py: 1 }}>
        <EventBusyOutlined />
        <Box>
          <Typography sx={{ fontWeight: 600, color: 'text.primary' }}>No free slots on this day</Typography>
          <Typography variant="body2">Pick another date, or another doctor.</Typography>
        </Box>
      </Box>
    );
  }
  return (
    <Box role="group" aria-label="Free slots" sx={grid}>
      {list.map((slot) => {
        const selected = slot.start === value;
        return (
          <Button
            key={slot.start}
            variant={selected ? 'contained' : 'outlined'}
            aria-pressed={selected}
            onClick={() => onChange(selected ? null : slot.start)}
            sx={{ flexDirection: 'column', lineHeight: 1.2, py: 0.75, minWidth: 0 }}
          >
            {fTimeOfDay(slot.start)}
            {slot.capacity > 1 ? (
              <Typography component="span" variant="caption" sx={{ display: 'block', opacity: 0.8 }}>
                {slot.remaining} left
              </Typography>
            ) : null}
          </Button>
        );
      })}
    </Box>
  );
}
