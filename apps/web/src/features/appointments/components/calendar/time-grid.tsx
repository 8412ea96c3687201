import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { fTimeOfDay } from '@/components/visits/visit-format';
import { CalendarColumnView, type CalendarActions, type CalendarColumn } from './calendar-column';
import { HOUR_PX, minutesOf, PX_PER_MINUTE, visibleHours } from './calendar-layout';
import { useBlockDrag } from './use-block-drag';

export type { CalendarActions, CalendarColumn };

interface TimeGridProps {
  label: string;
  columns: CalendarColumn[];
  /** Narrower than this a column stops shrinking and the grid scrolls sideways inside its card. */
  minColumnWidth: number;
  actions: CalendarActions;
}

const AXIS_PX = 64;
const header = { position: 'sticky', top: 0, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' } as const;

/**
 * Columns of visits and free slots against a time axis. It scrolls both ways inside itself with
 * the column titles and the hours kept in view, so a phone scrolls the grid, never the page.
 */
export function TimeGrid({ label, columns, minColumnWidth, actions }: TimeGridProps) {
  const visits = columns.flatMap((column) => column.appointments);
  const free = columns.flatMap((column) => column.freeSlots.map((slot) => ({ startTime: slot.start, endTime: slot.end })));
  // The hours cover the doctors' free slots too: an empty early clinic can still be booked.
  const hours = visibleHours([...visits, ...free]);
  const height = (hours.end - hours.start) * HOUR_PX;
  const hourMarks = Array.from({ length: hours.end - hours.start }, (_, index) => hours.start + index);
  const firstOf = (times: { startTime: string }[]) => (Math.min(...times.map((time) => minutesOf(time.startTime))) - hours.start * 60) * PX_PER_MINUTE;
  const firstTop = visits.length > 0 ? firstOf(visits) : firstOf(free);

  const scroller = useRef<HTMLDivElement>(null);
  const { drag, pickUp, endsDrag } = useBlockDrag(scroller, actions.onMove);
  // Open at the first visit (else the first free slot), with a quarter hour above it, rather than
  // at 08:00 of an afternoon clinic. Only when another day, week or doctor is shown (or its first
  // content arrives): a live update must not move what the desk is reading.
  const hasContent = Number.isFinite(firstTop);
  useEffect(() => {
    if (scroller.current && hasContent) scroller.current.scrollTop = Math.max(firstTop - HOUR_PX / 4, 0);
  }, [label, hasContent]);

  return (
    // Focusable so a keyboard can scroll it (a scrollable region needs focus to take the arrow keys).
    <Box ref={scroller} role="region" aria-label={label} tabIndex={0} sx={{ overflow: 'auto', maxHeight: { xs: '70vh', md: 'calc(100vh - 280px)' }, minHeight: 240 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: `${AXIS_PX}px repeat(${columns.length}, minmax(${minColumnWidth}px, 1fr))`, minWidth: 'min-content' }}>
        <Box sx={{ ...header, left: 0, zIndex: 3 }} />
        {columns.map((column) => (
          <Box
            key={column.key}
            aria-current={column.highlighted ? 'date' : undefined}
            sx={{ ...header, zIndex: 2, px: 1, py: 1, borderLeft: 1, borderLeftColor: 'divider', minWidth: 0 }}
          >
            <Typography variant="subtitle2" noWrap sx={{ color: column.highlighted ? 'primary.main' : 'text.primary' }}>
              {column.title}
            </Typography>
            {column.subtitle ? (
              <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }}>
                {column.subtitle}
              </Typography>
            ) : null}
          </Box>
        ))}
        <Box aria-hidden sx={{ position: 'sticky', left: 0, zIndex: 1, height, bgcolor: 'background.paper' }}>
          {hourMarks.map((hour) => (
            <Typography
              key={hour}
              variant="caption"
              sx={{ position: 'absolute', top: (hour - hours.start) * HOUR_PX + 2, right: 8, color: 'text.secondary', whiteSpace: 'nowrap' }}
            >
              {fTimeOfDay(`${String(hour).padStart(2, '0')}:00`)}
            </Typography>
          ))}
        </Box>
        {columns.map((column) => (
          <CalendarColumnView key={column.key} column={column} firstHour={hours.start} height={height} actions={actions} drag={drag} onPickUp={pickUp} endsDrag={endsDrag} />
        ))}
      </Box>
    </Box>
  );
}
