import type { Slot } from '@caredesk/shared';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import type { KeyboardEvent } from 'react';
import { fTimeOfDay } from '@/components/visits/visit-format';
import { useT } from '../../i18n';
import type { Placement } from './calendar-layout';

/** Shorter than this a cell has no room for its time: its name still says it. */
const TIME_SHOWN_PX = 18;
const TIME_CLASS = 'caredesk-slot-time';

interface FreeSlotCellProps {
  placement: Placement<{ free: Slot }>;
  doctorId: string;
  date: string;
  /** The column's name: the doctor (a day) or the day (a week). */
  columnLabel: string;
  /** The column's one Tab stop among its free slots (the arrows move between them). */
  tabbable: boolean;
  /** A block is being dragged: every free slot shows it can take it. */
  dragging: boolean;
  /** The block being dragged would land here. */
  dropTarget: boolean;
  onBook: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * A free slot of the doctor's schedule (from the API's free slots, so never a past or a full one):
 * a click, Enter or Space books it; a dragged block is dropped on it (its data-slot-* say where).
 */
export function FreeSlotCell({ placement, doctorId, date, columnLabel, tabbable, dragging, dropTarget, onBook, onKeyDown }: FreeSlotCellProps) {
  const t = useT();
  const { visit, top, height, lane, lanes } = placement;
  const slot = visit.free;
  const time = fTimeOfDay(slot.start);
  const label =
    slot.capacity > 1
      ? t('appointments.calendar.freeSlotPlaces', { time, column: columnLabel, count: slot.remaining })
      : t('appointments.calendar.freeSlot', { time, column: columnLabel });
  return (
    <Box component="li" sx={{ position: 'absolute', top, height, left: `calc(${(lane / lanes) * 100}% + 2px)`, width: `calc(${100 / lanes}% - 4px)` }}>
      <ButtonBase
        aria-label={label}
        tabIndex={tabbable ? 0 : -1}
        onClick={onBook}
        onKeyDown={onKeyDown}
        data-slot-doctor={doctorId}
        data-slot-date={date}
        data-slot-start={slot.start}
        data-slot-end={slot.end}
        data-drop-target={dropTarget || undefined}
        sx={(theme) => ({
          width: '100%',
          height: '100%',
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'flex-start',
          px: 0.75,
          borderRadius: 1,
          border: `1px dashed ${dragging ? theme.palette.primary.main : theme.palette.divider}`,
          color: 'text.secondary',
          typography: 'caption',
          lineHeight: `${Math.min(height - 2, 20)}px`,
          overflow: 'hidden',
          bgcolor: dropTarget ? alpha(theme.palette.primary.main, 0.2) : 'transparent',
          outline: dropTarget ? `2px solid ${theme.palette.primary.main}` : 'none',
          outlineOffset: -1,
          '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.08), borderColor: theme.palette.primary.main },
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
          // A quiet grid at rest: a slot says its time when pointed at, focused or about to take a drop.
          [`& .${TIME_CLASS}`]: { opacity: dropTarget ? 1 : 0 },
          [`&:hover .${TIME_CLASS}, &.Mui-focusVisible .${TIME_CLASS}`]: { opacity: 1 },
        })}
      >
        {height >= TIME_SHOWN_PX ? <span className={TIME_CLASS}>{time}</span> : null}
      </ButtonBase>
    </Box>
  );
}
