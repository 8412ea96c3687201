import type { AppointmentSummary, Doctor, ExtraAllowance } from '@caredesk/shared';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/records/confirm-dialog';
import { closeSnackbar, enqueueSnackbar } from '@/components/toast';
import { fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { errorMessage, errorStatus } from '@/lib/http';
/* eslint-disable no-restricted-imports -- this feature's own api/ (see use-calendar-data.ts) */
import { doctorSlotsQueryOptions } from '../../api/get-doctor-slots';
import { useRescheduleAppointment } from '../../api/reschedule-appointment';
/* eslint-enable no-restricted-imports */
import { useT } from '../../i18n';
import type { SlotTarget } from './use-block-drag';

/** Where a visit is drawn while its move is on its way to the server. */
type Place = Pick<AppointmentSummary, 'doctorId' | 'doctorName' | 'specialization' | 'date' | 'startTime' | 'endTime'> & { overbooked?: boolean };

/** How long the toast offers 'Undo' (a little longer than a plain toast: it has a button to reach). */
export const UNDO_MS = 8_000;

/** A visit dropped on a full slot, and the day's extras left when the desk was asked. */
interface ExtraOffer {
  appointment: AppointmentSummary;
  to: SlotTarget;
  extras: ExtraAllowance;
}

interface MoveOptions {
  /** Moving it back: says so, and offers no Undo of the Undo. */
  undo?: boolean;
  /** Into a full slot as an extra, in the day's allowance: only ever the desk's own call. */
  overbook?: boolean;
}

/**
 * Moves a visit dropped on a free slot with the reschedule API, whose rules decide. The block is
 * drawn at the slot until the server answers and the calendar has reloaded; a refusal says the
 * server's words in a toast and the block is back where it was. A move's toast offers 'Undo',
 * which reschedules it back. A slot that is full (dropped on as one, or taken meanwhile) offers,
 * while the day has extras left, to move the visit in as an extra, as the reschedule dialog does;
 * the server counts the allowance again and its refusal is said as it says it.
 */
export function useCalendarMoves(doctors: readonly Doctor[]) {
  const t = useT();
  const queryClient = useQueryClient();
  const reschedule = useRescheduleAppointment();
  const [moving, setMoving] = useState<ReadonlyMap<string, Place>>(new Map());
  const [offer, setOffer] = useState<ExtraOffer | null>(null);
  // The dialog keeps its words while it closes.
  const [shown, setShown] = useState<ExtraOffer | null>(null);
  const setPlace = (id: string, place: Place | null) =>
    setMoving((current) => {
      const next = new Map(current);
      if (place) next.set(id, place);
      else next.delete(id);
      return next;
    });

  const doctorOf = (appointment: AppointmentSummary, doctorId: string) => {
    const doctor = doctors.find((candidate) => candidate.id === doctorId);
    return { doctorName: doctor?.name ?? appointment.doctorName, specialization: doctor?.specialization ?? appointment.specialization };
  };
  const placeOf = (appointment: AppointmentSummary, to: SlotTarget, overbook: boolean): Place => ({
    doctorId: to.doctorId,
    ...doctorOf(appointment, to.doctorId),
    date: to.date,
    startTime: to.start,
    endTime: to.end,
    ...(overbook ? { overbooked: true } : {}),
  });

  /**
   * Asks the desk to move the visit in as an extra when `to` is full as the server has it now and
   * its day has extras left. Answers whether it asked.
   */
  const offerExtra = async (appointment: AppointmentSummary, to: SlotTarget): Promise<boolean> => {
    // Fresh: a refusal has just refetched the shown days' slots; a slot dropped on may be older.
    const day = await queryClient.fetchQuery({ ...doctorSlotsQueryOptions(to.doctorId, to.date), staleTime: 1_000 });
    const full = day.full?.some((slot) => slot.start === to.start) ?? false;
    if (!full || !day.extras || day.extras.left === 0) return false;
    const asked = { appointment, to, extras: day.extras };
    setOffer(asked);
    setShown(asked);
    return true;
  };

  const move = (appointment: AppointmentSummary, to: SlotTarget, { undo = false, overbook = false }: MoveOptions = {}) => {
    const from: SlotTarget = { doctorId: appointment.doctorId, date: appointment.date, start: appointment.startTime.slice(0, 5), end: appointment.endTime.slice(0, 5) };
    setPlace(appointment.id, placeOf(appointment, to, overbook));
    const input = {
      id: appointment.id,
      date: to.date,
      startTime: to.start,
      ...(to.doctorId === from.doctorId ? {} : { doctorId: to.doctorId }),
      ...(overbook ? { overbook: true } : {}),
    };
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
          enqueueSnackbar(t(moved.overbooked ? 'appointments.calendar.movedExtra' : 'appointments.calendar.moved', where), {
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
                  // An extra before goes back as one (its place in the day's allowance is free again).
                  move(moved, from, { undo: true, overbook: appointment.overbooked });
                }}
              >
                {t('appointments.calendar.undo')}
              </Button>
            ),
          });
        },
        async (error: unknown) => {
          // Refused as full: the offer of an extra says so; any other refusal, or none to offer, in the server's words.
          const offered = !undo && !overbook && errorStatus(error) === 409 && (await offerExtra(appointment, to).catch(() => false));
          if (!offered) enqueueSnackbar(errorMessage(error), { variant: 'error' });
        },
      )
      .finally(() => setPlace(appointment.id, null));
  };

  const close = () => setOffer(null);
  const confirmExtra = () => {
    if (!offer) return;
    close();
    move(offer.appointment, offer.to, { overbook: true });
  };
  const words = shown && {
    time: fTimeOfDay(shown.to.start),
    date: fVisitDate(shown.to.date),
    doctor: doctorOf(shown.appointment, shown.to.doctorId).doctorName,
    token: shown.appointment.tokenLabel,
    patient: shown.appointment.patientName,
    left: shown.extras.left,
    allowance: shown.extras.allowance,
  };

  return {
    /** The visits as drawn: each one being moved at the slot it was dropped on. */
    placed: (appointments: AppointmentSummary[]) => appointments.map((appointment) => ({ ...appointment, ...moving.get(appointment.id) })),
    /** Booked and not on its way somewhere already. */
    canMove: (appointment: AppointmentSummary) => appointment.status === 'BOOKED' && !moving.has(appointment.id),
    /** A drop on a full slot asks first (if there is still an extra to be had); on a free one it moves. */
    move: (appointment: AppointmentSummary, to: SlotTarget) => {
      if (!to.full) {
        move(appointment, to);
        return;
      }
      // No extra to offer (the slot has room again, or the extras are gone): the server decides, as for any drop.
      void offerExtra(appointment, to)
        .catch(() => false)
        .then((offered) => {
          if (!offered) move(appointment, to);
        });
    },
    /** 'Move in as an extra?', asked after a drop on a full slot. */
    dialog: (
      <ConfirmDialog
        open={offer !== null}
        title={t('appointments.calendar.extraTitle')}
        message={words ? t('appointments.calendar.extraMessage', words) : ''}
        confirmLabel={t('appointments.calendar.extraConfirm')}
        onConfirm={confirmExtra}
        onClose={close}
      />
    ),
  };
}
