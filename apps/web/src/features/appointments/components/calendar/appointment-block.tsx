import type { AppointmentSummary } from '@caredesk/shared';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import { fTimeOfDay } from '@/components/visits/visit-format';
import type { PointerEvent } from 'react';
import { useT as useVisitWords } from '@/components/visits/i18n';
import { isCalledOff, statusLabels } from '@/components/visits/visit-status';
import { useT } from '../../i18n';
import type { Placement } from './calendar-layout';
import { statusMain } from './status-colours';

/** Below this a block has room for one line only: token and name, no time. */
const TWO_LINES_PX = 44;

interface AppointmentBlockProps {
  placement: Placement<AppointmentSummary>;
  /** Kept outside its day's hours (or over its cap) by a one-day change of the doctor's day. */
  outsideHours?: boolean;
  onOpen: (id: string) => void;
  /** A booked visit: a pointer may pick it up and drop it on a free slot (use-block-drag). */
  onPickUp?: (event: PointerEvent<HTMLElement>) => void;
  /** While it is being dragged: how far it has travelled from its place. */
  offset?: { dx: number; dy: number } | null;
}

/** One visit on the time grid, in its status colour (the list's status chip colours); a click opens it. */
export function AppointmentBlock({ placement, outsideHours = false, onOpen, onPickUp, offset }: AppointmentBlockProps) {
  const t = useT();
  const visitWords = useVisitWords();
  const { visit: appointment, top, height, lane, lanes } = placement;
  const time = `${fTimeOfDay(appointment.startTime)} – ${fTimeOfDay(appointment.endTime)}`;
  // Booked in the patient app and not confirmed yet: said in its name, and drawn with a dashed outline.
  const awaiting = appointment.awaitingConfirmation && !isCalledOff(appointment.status);
  const called = awaiting ? t('appointments.calendar.awaiting', { status: statusLabels[appointment.status] }) : statusLabels[appointment.status];
  // An extra beyond the slot's capacity, and a visit a day's change kept outside the day's hours,
  // say so in words on the first line (a sign leads the line of one kept outside: seen even when
  // the words are cut off), never by colour alone. The name says them in the line's order, right
  // after the patient: it holds the words shown (WCAG 2.5.3), the separating dots drawn apart.
  const marks = [
    ...(appointment.overbooked ? [{ key: 'extra', words: visitWords('visits.extra'), colour: 'secondary.main' }] : []),
    ...(outsideHours ? [{ key: 'outside', words: t('appointments.calendar.outsideHours'), colour: 'text.primary' }] : []),
  ];
  const name = { token: appointment.tokenLabel, patient: appointment.patientName, time, status: called };
  const label = marks.length > 0 ? t('appointments.calendar.blockMarked', { ...name, marks: marks.map((mark) => mark.words).join(', ') }) : t('appointments.calendar.block', name);
  // Cancelled and no-show visits stay on the grid (the desk needs to see the slot was booked), faded and struck through.
  const closed = isCalledOff(appointment.status);
  return (
    <Box
      component="li"
      sx={{
        position: 'absolute',
        top,
        height,
        left: `calc(${(lane / lanes) * 100}% + 2px)`,
        width: `calc(${100 / lanes}% - 4px)`,
        // Above the free slots while it travels; seen through by the drop's hit test (use-block-drag).
        ...(offset ? { zIndex: 2, transform: `translate(${offset.dx}px, ${offset.dy}px)`, pointerEvents: 'none' } : {}),
      }}
    >
      <ButtonBase
        onClick={() => onOpen(appointment.id)}
        onPointerDown={onPickUp}
        data-movable={onPickUp ? true : undefined}
        aria-label={label}
        title={[appointment.tokenLabel, appointment.patientName, ...marks.map((mark) => mark.words), time, called].join(' · ')}
        data-status={appointment.status}
        data-awaiting-confirmation={awaiting || undefined}
        data-overbooked={appointment.overbooked || undefined}
        data-outside-hours={outsideHours || undefined}
        sx={(theme) => {
          const main = statusMain(theme, appointment.status);
          return {
            width: '100%',
            height: '100%',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'stretch',
            justifyContent: 'flex-start',
            textAlign: 'left',
            overflow: 'hidden',
            px: 0.75,
            borderRadius: 1,
            borderLeft: 3,
            borderLeftStyle: 'solid',
            borderLeftColor: main,
            ...(awaiting ? { outline: `1px dashed ${theme.palette.warning.main}`, outlineOffset: -1 } : {}),
            bgcolor: alpha(main, closed ? 0.08 : 0.16),
            color: 'text.primary',
            opacity: closed ? 0.6 : 1,
            textDecoration: closed ? 'line-through' : 'none',
            typography: 'caption',
            lineHeight: `${Math.min(height, 22)}px`,
            '&:hover': { bgcolor: alpha(main, 0.28) },
            '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
            // A held finger picks a booked block up: no text selection or callout menu in the way.
            ...(onPickUp ? { cursor: 'grab', userSelect: 'none', WebkitTouchCallout: 'none' } : {}),
            ...(offset
              ? { cursor: 'grabbing', boxShadow: theme.shadows[8], bgcolor: 'background.paper', backgroundImage: `linear-gradient(${alpha(main, 0.24)}, ${alpha(main, 0.24)})` }
              : {}),
          };
        }}
      >
        <Box component="span" sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {outsideHours ? <WarningAmberRounded aria-hidden sx={{ fontSize: 14, mr: 0.25, verticalAlign: 'text-bottom', color: 'warning.main' }} /> : null}
          <Box component="span" sx={{ fontWeight: 700, mr: 0.5 }}>
            {appointment.tokenLabel}
          </Box>{' '}
          <span>{appointment.patientName}</span>
          {marks.map((mark) => (
            <Box key={mark.key} component="span" sx={{ ml: 0.5, color: mark.colour, fontWeight: 600, '&::before': { content: '"· "' } }}>
              {mark.words}
            </Box>
          ))}
        </Box>
        {height >= TWO_LINES_PX ? (
          <Box component="span" sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', color: 'text.secondary' }}>
            {time}
          </Box>
        ) : null}
      </ButtonBase>
    </Box>
  );
}
