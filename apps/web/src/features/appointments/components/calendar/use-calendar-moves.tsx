import type { AppointmentSummary, Doctor } from '@caredesk/shared';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { closeSnackbar, enqueueSnackbar } from '@/components/toast';
import { fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { errorMessage } from '@/lib/http';
// eslint-disable-next-line no-restricted-imports -- this feature's own api/ (see use-calendar-data.ts)
import { useRescheduleAppointment } from '../../api/reschedule-appointment';
import { useT } from '../../i18n';
import type { SlotTarget } from './use-block-drag';

/** Where a visit is drawn while its move is on its way to the server. */
type Place = Pick<AppointmentSummary, 'doctorId' | 'doctorName' | 'specialization' | 'date' | 'startTime' | 'endTime'>;

/** How long the toast offers 'Undo' (a little longer than a plain toast: it has a button to reach). */
export const UNDO_MS = 8_000;

/**
 * Moves a visit dropped on a free slot with the reschedule API, whose rules decide. The block is
 * drawn at the slot until the server answers and the calendar has reloaded; a refusal says the
 * server's words in a toast and the block is back where it was. A move's toast offers 'Undo',
 * which reschedules it back.
 */
export function useCalendarMoves(doctors: readonly Doctor[]) {
  const t = useT();
  const reschedule = useRescheduleAppointment();
  const [moving, setMoving] = useState<ReadonlyMap<string, Place>>(new Map());
  const setPlace = (id: string, place: Place | null) =>
    setMoving((current) => {
      const next = new Map(current);
      if (place) next.set(id, place);
      else next.delete(id);
      return next;
    });

  const placeOf = (appointment: AppointmentSummary, to: SlotTarget): Place => {
    const doctor = doctors.find((candidate) => candidate.id === to.doctorId);
    return {
      doctorId: to.doctorId,
      doctorName: doctor?.name ?? appointment.doctorName,
      specialization: doctor?.specialization ?? appointment.specialization,
      date: to.date,
      startTime: to.start,
      endTime: to.end,
    };
  };

  const move = (appointment: AppointmentSummary, to: SlotTarget, undo: boolean) => {
    const from: SlotTarget = { doctorId: appointment.doctorId, date: appointment.date, start: appointment.startTime.slice(0, 5), end: appointment.endTime.slice(0, 5) };
    setPlace(appointment.id, placeOf(appointment, to));
    const input = { id: appointment.id, date: to.date, startTime: to.start, ...(to.doctorId === from.doctorId ? {} : { doctorId: to.doctorId }) };
    void reschedule
      .mutateAsync(input)
      .then(
        (moved) => {
          const where = { token: moved.tokenLabel, time: fTimeOfDay(moved.startTime), date: fVisitDate(moved.date), doctor: moved.doctorName };
          if (undo) {
            enqueueSnackbar(t('appointments.calendar.moveUndone', where), { variant: 'success' });
            return;
          }
          const key = `appointment-moved-${moved.id}-${Date.now()}`;
          enqueueSnackbar(t('appointments.calendar.moved', where), {
            key,
            variant: 'success',
            autoHideDuration: UNDO_MS,
            action: (
              <Button
                color="inherit"
                size="small"
                onClick={(event) => {
                  // The toast closes on a click anywhere on it: this one undoes the move as well.
                  event.stopPropagation();
                  closeSnackbar(key);
                  move(moved, from, true);
                }}
              >
                {t('appointments.calendar.undo')}
              </Button>
            ),
          });
        },
        (error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      )
      .finally(() => setPlace(appointment.id, null));
  };

  return {
    /** The visits as drawn: each one being moved at the slot it was dropped on. */
    placed: (appointments: AppointmentSummary[]) => appointments.map((appointment) => ({ ...appointment, ...moving.get(appointment.id) })),
    /** Booked and not on its way somewhere already. */
    canMove: (appointment: AppointmentSummary) => appointment.status === 'BOOKED' && !moving.has(appointment.id),
    move: (appointment: AppointmentSummary, to: SlotTarget) => move(appointment, to, false),
  };
}
