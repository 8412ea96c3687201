import type { Slot } from '@caredesk/shared';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { useT } from '../../i18n';
import { placeVisits } from './calendar-layout';

interface FullSlotZoneProps {
  slot: Slot;
  doctorId: string;
  date: string;
  firstHour: number;
  /** The block being dragged would land here. */
  dropTarget: boolean;
}

/**
 * A full slot the day still has extras for, drawn over its visits only while a visit is dragged:
 * a drop there offers to move the visit in as an extra (use-calendar-moves). Its data-slot-* say
 * where, as a free cell's do, and data-slot-full that it is full. Hidden from screen readers: a
 * drag is a pointer's gesture, and 'Reschedule' in the visit's drawer offers the same extras.
 */
export function FullSlotZone({ slot, doctorId, date, firstHour, dropTarget }: FullSlotZoneProps) {
  const t = useT();
  const [placement] = placeVisits([{ startTime: slot.start, endTime: slot.end }], firstHour);
  if (!placement) return null;
  return (
    <Box
      component="li"
      aria-hidden
      data-slot-doctor={doctorId}
      data-slot-date={date}
      data-slot-start={slot.start}
      data-slot-end={slot.end}
      data-slot-full
      data-drop-target={dropTarget || undefined}
      sx={(theme) => ({
        position: 'absolute',
        top: placement.top,
        height: placement.height,
        left: 2,
        right: 2,
        // Over the slot's own visits; under the dragged block (2), which lets the pointer through.
        zIndex: 1,
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'flex-end',
        px: 0.75,
        overflow: 'hidden',
        borderRadius: 1,
        border: `1px dashed ${theme.palette.secondary.main}`,
        bgcolor: alpha(theme.palette.background.paper, dropTarget ? 0.6 : 0.35),
        outline: dropTarget ? `2px solid ${theme.palette.secondary.main}` : 'none',
        outlineOffset: -1,
        typography: 'caption',
        fontWeight: 600,
        color: 'secondary.main',
        lineHeight: `${Math.min(placement.height - 2, 20)}px`,
        whiteSpace: 'nowrap',
      })}
    >
      {t('appointments.calendar.fullSlot')}
    </Box>
  );
}
