import type { AppointmentSummary, Slot } from '@caredesk/shared';
import Box from '@mui/material/Box';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { AppointmentBlock } from './appointment-block';
import { HOUR_PX, placeColumn } from './calendar-layout';
import { FreeSlotCell } from './free-slot-cell';
import { FullSlotZone } from './full-slot-zone';
import { slotKey, type DragState, type SlotTarget } from './use-block-drag';

export interface CalendarColumn {
  key: string;
  title: string;
  subtitle?: string;
  /** The column's accessible name: a doctor's name, or a weekday and date. */
  label: string;
  highlighted?: boolean;
  /** Whose day it is: where its free slots book and a drop moves to. */
  doctorId: string;
  date: string;
  appointments: AppointmentSummary[];
  /** The doctor's free slots that day (none before today). */
  freeSlots: readonly Slot[];
  /** Its full slots a dragged visit may still move into as an extra (none once the day's extras are taken). */
  fullSlots: readonly Slot[];
}

/** What the grid's blocks and free slots do, given by the calendar. */
export interface CalendarActions {
  onOpen: (id: string) => void;
  onBook: (slot: SlotTarget) => void;
  /** A booked visit not being moved already: a pointer may drag it. */
  canMove: (appointment: AppointmentSummary) => boolean;
  onMove: (appointment: AppointmentSummary, slot: SlotTarget) => void;
  /** A visit a one-day change of its doctor kept outside the day's hours (use-outside-hours.ts). */
  outsideHours: (appointment: AppointmentSummary) => boolean;
}

const STEPS: Record<string, (index: number, last: number) => number> = {
  ArrowUp: (index) => index - 1,
  ArrowDown: (index) => index + 1,
  Home: () => 0,
  End: (_, last) => last,
};

interface CalendarColumnViewProps {
  column: CalendarColumn;
  firstHour: number;
  height: number;
  actions: CalendarActions;
  drag: DragState | null;
  onPickUp: (event: PointerEvent<HTMLElement>, appointment: AppointmentSummary) => void;
  /** Whether a click is the end of a drag: it opens nothing. */
  endsDrag: () => boolean;
}

/**
 * One doctor's day: its visits and its free slots against the hours. The free slots are one Tab
 * stop; the up and down arrows (Home, End) move between them.
 */
export function CalendarColumnView({ column, firstHour, height, actions, drag, onPickUp, endsDrag }: CalendarColumnViewProps) {
  const list = useRef<HTMLUListElement>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const { doctorId, date, freeSlots } = column;
  const placed = placeColumn(
    column.appointments,
    freeSlots.map((slot) => ({ startTime: slot.start, endTime: slot.end, free: slot })),
    firstHour,
  );
  // The cells drawn, by time: a slot a stretched visit covers all but a sliver of is not (the dialog still offers it).
  const cells = placed.free.map((placement) => placement.visit.free).sort((a, b) => a.start.localeCompare(b.start));
  const tabStop = cells.some((slot) => slot.start === focused) ? focused : cells[0]?.start;
  const dropKey = drag?.target ? slotKey(drag.target) : null;

  const onCellKey = (event: KeyboardEvent<HTMLElement>, start: string) => {
    const step = STEPS[event.key];
    const index = cells.findIndex((slot) => slot.start === start);
    if (!step || index < 0) return;
    event.preventDefault();
    const next = cells[Math.max(0, Math.min(cells.length - 1, step(index, cells.length - 1)))]!;
    setFocused(next.start);
    list.current?.querySelector<HTMLElement>(`[data-slot-start="${next.start}"]:not([data-slot-full])`)?.focus();
  };

  return (
    <Box
      ref={list}
      component="ul"
      aria-label={column.label}
      sx={(theme) => ({
        position: 'relative',
        height,
        m: 0,
        p: 0,
        listStyle: 'none',
        borderLeft: 1,
        borderColor: 'divider',
        // Hour lines drawn by the background: nothing to lay out or to read aloud.
        backgroundImage: `linear-gradient(to bottom, ${theme.palette.divider} 1px, transparent 1px)`,
        backgroundSize: `100% ${HOUR_PX}px`,
        bgcolor: column.highlighted ? 'action.hover' : 'transparent',
      })}
    >
      {/* By time, visits and free slots as they come: the order a screen reader reads the day in. */}
      {[...placed.visits, ...placed.free]
        .sort((a, b) => a.top - b.top || a.lane - b.lane)
        .map((placement) => {
          const { visit } = placement;
          if ('free' in visit) {
            const slot = visit.free;
            return (
              <FreeSlotCell
                key={`free-${slot.start}`}
                placement={{ ...placement, visit }}
                doctorId={doctorId}
                date={date}
                columnLabel={column.label}
                tabbable={slot.start === tabStop}
                dragging={drag !== null}
                dropTarget={dropKey === slotKey({ doctorId, date, start: slot.start })}
                onBook={() => actions.onBook({ doctorId, date, start: slot.start, end: slot.end })}
                onKeyDown={(event) => onCellKey(event, slot.start)}
              />
            );
          }
          return (
            <AppointmentBlock
              key={visit.id}
              placement={{ ...placement, visit }}
              outsideHours={actions.outsideHours(visit)}
              onOpen={(id) => {
                if (!endsDrag()) actions.onOpen(id);
              }}
              onPickUp={actions.canMove(visit) ? (event) => onPickUp(event, visit) : undefined}
              offset={drag?.id === visit.id ? drag : null}
            />
          );
        })}
      {/* While a visit is dragged, the full slots it may still go to as an extra, over their visits (not its own). */}
      {drag
        ? column.fullSlots
            .filter((slot) => !column.appointments.some((visit) => visit.id === drag.id && visit.startTime.slice(0, 5) === slot.start))
            .map((slot) => (
              <FullSlotZone
                key={`full-${slot.start}`}
                slot={slot}
                doctorId={doctorId}
                date={date}
                firstHour={firstHour}
                dropTarget={dropKey === slotKey({ doctorId, date, start: slot.start })}
              />
            ))
        : null}
    </Box>
  );
}
