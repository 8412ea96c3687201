import type { AppointmentSummary } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { fTimeOfDay } from '@/components/visits/visit-format';
import { AppointmentBlock } from './appointment-block';
import { HOUR_PX, minutesOf, PX_PER_MINUTE, placeVisits, visibleHours } from './calendar-layout';

export interface CalendarColumn {
  key: string;
  title: string;
  subtitle?: string;
  /** The column's accessible name: a doctor's name, or a weekday and date. */
  label: string;
  highlighted?: boolean;
  appointments: AppointmentSummary[];
}

interface TimeGridProps {
  label: string;
  columns: CalendarColumn[];
  /** Narrower than this a column stops shrinking and the grid scrolls sideways inside its card. */
  minColumnWidth: number;
  onOpen: (id: string) => void;
}

const AXIS_PX = 64;
const header = { position: 'sticky', top: 0, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' } as const;

/**
 * Columns of visits against a time axis. It scrolls both ways inside itself with the column
 * titles and the hours kept in view, so a phone scrolls the grid, never the page.
 */
export function TimeGrid({ label, columns, minColumnWidth, onOpen }: TimeGridProps) {
  const visits = columns.flatMap((column) => column.appointments);
  const hours = visibleHours(visits);
  const height = (hours.end - hours.start) * HOUR_PX;
  const hourMarks = Array.from({ length: hours.end - hours.start }, (_, index) => hours.start + index);
  const firstVisitTop = (Math.min(...visits.map((visit) => minutesOf(visit.startTime))) - hours.start * 60) * PX_PER_MINUTE;

  const scroller = useRef<HTMLDivElement>(null);
  // Open at the first visit, with a quarter hour above it, rather than at 08:00 of an afternoon clinic.
  // Only when another day, week or doctor is shown: a live update must not move what the desk is reading.
  useEffect(() => {
    if (scroller.current && Number.isFinite(firstVisitTop)) scroller.current.scrollTop = Math.max(firstVisitTop - HOUR_PX / 4, 0);
  }, [label]);

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
          <Box
            key={column.key}
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
            {placeVisits(column.appointments, hours.start).map((placement) => (
              <AppointmentBlock key={placement.visit.id} placement={placement} onOpen={onOpen} />
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
