import {
  appointmentActionTarget,
  appointmentStatuses,
  bookingActionTarget,
  bookingStatuses,
  canMoveAppointment,
  canMoveBooking,
  DEFAULT_SERVICE_SLOT_MINUTES,
  LIVE_VISIT_STATUSES,
  type AppEvent,
  type AppointmentAction,
  type AppointmentStatus,
  type BookingAction,
  type BookingStatus,
  type MenuArea,
  type NotificationType,
} from '@caredesk/shared';
import { inArray, sql, type SQL } from 'drizzle-orm';
import {
  appointmentHistory,
  appointments,
  bookingHistory,
  bookings,
  bookingTests,
  doctorDayTokens,
  doctors,
  serviceDayTokens,
  servicePackageItems,
  services,
} from '../../db/schema/index.js';
import type { MessageId } from '../../lib/i18n/index.js';
import type { SlotSchedule } from './slots.js';

/** Only scans and tests take bookings; "other services" are sold, not scheduled. */
export const BOOKABLE_KINDS = ['SCAN', 'TEST'] as const;

/**
 * The resource a visit is booked with (a doctor, a scan or test), in the one shape the engine
 * reads: what differs between a doctor row and a service row is settled in its kind's `toOwner`.
 */
export interface VisitOwner {
  id: string;
  facilityId: string | null;
  name: string;
  active: boolean;
  tokenPrefix: string | null;
  schedule: SlotSchedule;
  /** Visits a day may take beyond its slots' capacity, only as extras the desk asked for (owner-day.ts). */
  extraPerDay: number;
  /** The fee (doctor) or price (scan/test) a new visit is charged. */
  amountPaise: number;
  /** How the staff notification names it: 'Dr Rao (Cardiology)', 'MRI Brain'. */
  title: string;
  img: string | null;
}

type VisitTable = typeof appointments | typeof bookings;

/** The fields of a new visit the engine reads, whatever the kind (its owner id is `ownerIdOf`). */
export interface VisitCreate {
  patientId: string;
  date: string;
  startTime: string;
  reason?: string | null | undefined;
  notes?: string | null | undefined;
  source: 'CONSOLE' | 'APP' | 'WALK_IN';
  /**
   * The visit waits for the desk's confirmation (an app booking while the organisation asks for
   * it). It holds its slot and token all the same. Never set for the desk's own bookings.
   */
  awaitingConfirmation?: boolean | undefined;
  /** When the slot is full, book an extra in the day's allowance (the desk asked; never the patient app). */
  overbook?: boolean | undefined;
  /** The recurring series the visit is booked in (series.ts). */
  seriesId?: string | undefined;
}

/**
 * What differs between a doctor's appointment and a scan/test booking, and nothing else: the
 * visits engine (./engine.ts) takes one of these as its only parameter. The two tables keep the
 * same columns under two names for their owner (doctor_id, service_id) and amount (fee_paise,
 * price_paise); everything the engine writes beyond those is common to both.
 */
export interface VisitKind<Create extends VisitCreate = VisitCreate, Action extends string = string, Status extends string = string> {
  name: 'appointment' | 'booking';
  /** The navigation table's area whose staff see (and are told about) this kind. */
  area: MenuArea;
  /** How messages name one visit ('the appointment is CANCELLED'). */
  noun: string;
  visits: VisitTable;
  visitOwnerId: typeof appointments.doctorId | typeof bookings.serviceId;
  visitAmount: typeof appointments.feePaise | typeof bookings.pricePaise;
  history: typeof appointmentHistory | typeof bookingHistory;
  historyVisitId: typeof appointmentHistory.appointmentId | typeof bookingHistory.bookingId;
  dayTokens: typeof doctorDayTokens | typeof serviceDayTokens;
  dayTokenOwnerId: typeof doctorDayTokens.doctorId | typeof serviceDayTokens.serviceId;
  owners: typeof doctors | typeof services;
  /** Which owner rows take visits at all (services: scans and tests only). */
  ownerScope: SQL | undefined;
  ownerNotFound: string;
  /** 'unknown doctor' in a reschedule note when the previous owner row is gone. */
  unknownOwner: string;
  toOwner(row: never): VisitOwner;
  /** Why this owner takes no visit on that date, if it does not. Checked before the slot itself. */
  refusal(owner: VisitOwner, date: string): string | null;
  ownerIdOf(input: Create): string;
  /** The property names, in drizzle's rows, of the columns the two tables name differently. */
  keys: { owner: 'doctorId' | 'serviceId'; amount: 'feePaise' | 'pricePaise'; historyVisit: 'appointmentId' | 'bookingId'; dayTokenOwner: 'doctorId' | 'serviceId' };
  /** A move to another owner re-prices a booking; an appointment keeps the fee it was booked at. */
  repricesOnMove: boolean;
  actionTarget: Record<Action, Status>;
  canMove(from: Status, to: Status): boolean;
  statuses: readonly Status[];
  liveStatuses: readonly Status[];
  /** The patient is with the doctor, or in the scan room: the queue's "now serving". */
  inService: Status;
  /** Statuses in which the visit took place: the queue's "done", the dashboard's revenue. */
  doneStatuses: readonly Status[];
  updatedEvent(visitId: string, ownerId: string, date: string, status: string, patientId: string): AppEvent;
  /** The staff's notification of a booking: its type, its titles in the server catalogue, the id it carries. */
  notification: { type: NotificationType; title: MessageId; titleToConfirm: MessageId; visitIdKey: 'appointmentId' | 'bookingId' };
  /**
   * Rows a new visit writes beside itself, in its own statement (a package booking's tests): the
   * body of a CTE named `parts`, and the select answering what it wrote (BookedVisit.parts).
   */
  bookedParts?: { insert(visitId: string, organisationId: string, ownerId: string): SQL; answer: SQL };
}

/** LIVE_VISIT_STATUSES narrowed to the ones a kind's visits can hold. */
function liveOf<S extends string>(statuses: readonly S[]): S[] {
  return statuses.filter((status) => (LIVE_VISIT_STATUSES as readonly string[]).includes(status));
}

export const liveAppointmentStatuses = liveOf<AppointmentStatus>(['BOOKED', 'CHECKED_IN', 'IN_CONSULTATION', 'COMPLETED']);
export const liveBookingStatuses = liveOf<BookingStatus>(['BOOKED', 'CHECKED_IN', 'IN_PROGRESS', 'COMPLETED', 'REPORT_READY']);

export type AppointmentCreate = VisitCreate & { doctorId: string };
export type BookingCreate = VisitCreate & { serviceId: string };

export const appointmentKind: VisitKind<AppointmentCreate, AppointmentAction, AppointmentStatus> = {
  name: 'appointment',
  area: 'appointments',
  noun: 'appointment',
  visits: appointments,
  visitOwnerId: appointments.doctorId,
  visitAmount: appointments.feePaise,
  history: appointmentHistory,
  historyVisitId: appointmentHistory.appointmentId,
  dayTokens: doctorDayTokens,
  dayTokenOwnerId: doctorDayTokens.doctorId,
  owners: doctors,
  ownerScope: undefined,
  ownerNotFound: 'Doctor not found',
  unknownOwner: 'unknown doctor',
  toOwner: (doctor: typeof doctors.$inferSelect) => ({
    id: doctor.id,
    facilityId: doctor.facilityId,
    name: doctor.name,
    active: doctor.active,
    tokenPrefix: doctor.tokenPrefix,
    schedule: { availability: doctor.availability, slotMinutes: doctor.slotMinutes, capacity: doctor.patientsPerSlot, leaveDates: doctor.leaveDates },
    extraPerDay: doctor.extraPerDay,
    amountPaise: doctor.consultationFeePaise,
    title: `${doctor.name} (${doctor.specialization})`,
    img: doctor.photoUrl,
  }),
  refusal: (owner, date) => {
    if (!owner.active) return 'Doctor is inactive';
    if (owner.schedule.leaveDates.includes(date)) return `${owner.name} is on leave on ${date}`;
    return null;
  },
  ownerIdOf: (input) => input.doctorId,
  keys: { owner: 'doctorId', amount: 'feePaise', historyVisit: 'appointmentId', dayTokenOwner: 'doctorId' },
  repricesOnMove: false,
  actionTarget: appointmentActionTarget,
  canMove: canMoveAppointment,
  statuses: appointmentStatuses,
  liveStatuses: liveAppointmentStatuses,
  inService: 'IN_CONSULTATION',
  doneStatuses: ['COMPLETED'],
  updatedEvent: (appointmentId, doctorId, date, status, patientId) => ({ type: 'appointment.updated', appointmentId, doctorId, date, status, patientId }),
  notification: { type: 'appointment-created', title: 'notifications.newAppointment', titleToConfirm: 'notifications.newAppointmentToConfirm', visitIdKey: 'appointmentId' },
};

export const bookingKind: VisitKind<BookingCreate, BookingAction, BookingStatus> = {
  name: 'booking',
  area: 'bookings',
  noun: 'booking',
  visits: bookings,
  visitOwnerId: bookings.serviceId,
  visitAmount: bookings.pricePaise,
  history: bookingHistory,
  historyVisitId: bookingHistory.bookingId,
  dayTokens: serviceDayTokens,
  dayTokenOwnerId: serviceDayTokens.serviceId,
  owners: services,
  ownerScope: inArray(services.kind, BOOKABLE_KINDS),
  ownerNotFound: 'Scan or test not found',
  unknownOwner: 'unknown service',
  toOwner: (service: typeof services.$inferSelect) => ({
    id: service.id,
    facilityId: service.facilityId,
    name: service.name,
    active: service.active,
    tokenPrefix: service.tokenPrefix,
    schedule: { availability: service.availability, slotMinutes: service.durationMinutes ?? DEFAULT_SERVICE_SLOT_MINUTES, capacity: service.capacityPerSlot, leaveDates: [] },
    extraPerDay: service.extraPerDay,
    amountPaise: service.pricePaise,
    title: service.name,
    img: service.imageUrl,
  }),
  refusal: (owner) => (owner.active ? null : `${owner.name} is not taking bookings`),
  ownerIdOf: (input) => input.serviceId,
  keys: { owner: 'serviceId', amount: 'pricePaise', historyVisit: 'bookingId', dayTokenOwner: 'serviceId' },
  repricesOnMove: true,
  actionTarget: bookingActionTarget,
  canMove: canMoveBooking,
  statuses: bookingStatuses,
  liveStatuses: liveBookingStatuses,
  inService: 'IN_PROGRESS',
  doneStatuses: ['COMPLETED', 'REPORT_READY'],
  updatedEvent: (bookingId, serviceId, date, status, patientId) => ({ type: 'booking.updated', bookingId, serviceId, date, status, patientId }),
  notification: { type: 'booking-created', title: 'notifications.newBooking', titleToConfirm: 'notifications.newBookingToConfirm', visitIdKey: 'bookingId' },
  // A package's active tests, copied in order: for a single scan or test the primary key finds none.
  bookedParts: {
    insert: (bookingId, organisationId, serviceId) => sql`
      insert into ${bookingTests} (booking_id, organisation_id, service_id, position)
      select ${bookingId}::uuid, ${organisationId}::uuid, pi.item_id, pi.position
        from ${servicePackageItems} pi join ${services} s on s.id = pi.item_id and s.active
       where pi.package_id = ${serviceId}::uuid
      returning id, service_id, position`,
    answer: sql`(select coalesce(json_agg(json_build_object('id', p.id, 'serviceId', p.service_id, 'name', s.name, 'kind', s.kind) order by p.position), '[]'::json)
      from parts p join ${services} s on s.id = p.service_id)`,
  },
};
