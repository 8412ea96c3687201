import type { PatientAppointment, PatientBooking } from '@caredesk/shared';

/**
 * A doctor's appointment or a scan/test booking, as My visits shows both: the one idea of a visit
 * (design.md §10) with a small descriptor of what differs.
 */
export interface Visit {
  kind: 'appointment' | 'booking';
  id: string;
  organisationId: string;
  /** The doctor's or the scan/test's id: whose free slots a reschedule offers. */
  resourceId: string;
  /** The doctor's or the scan's name; `detail` their specialisation or category. */
  title: string;
  detail: string | null;
  organisationName: string;
  facilityName: string | null;
  patientName: string;
  date: string;
  startTime: string;
  endTime: string;
  tokenLabel: string;
  status: PatientAppointment['status'] | PatientBooking['status'];
  cancelReason: string | null;
  /** Booked in the app, and the organisation's desk has not confirmed it yet. */
  awaitingConfirmation: boolean;
  /** A package booking's tests, each with its own report (none for anything else). */
  tests: PatientBooking['tests'];
}

/** Statuses whose visit is still to happen (or happening). */
const LIVE = new Set<Visit['status']>(['BOOKED', 'CHECKED_IN', 'IN_CONSULTATION', 'IN_PROGRESS']);
/** What the server lets a patient cancel. */
const CANCELLABLE = new Set<Visit['status']>(['BOOKED', 'CHECKED_IN']);

export function fromAppointment(a: PatientAppointment): Visit {
  return {
    kind: 'appointment',
    id: a.id,
    organisationId: a.organisationId,
    resourceId: a.doctorId,
    title: a.doctorName,
    detail: a.specialization,
    organisationName: a.organisationName,
    facilityName: a.facility?.name ?? null,
    patientName: a.patientName,
    date: a.date,
    startTime: a.startTime,
    endTime: a.endTime,
    tokenLabel: a.tokenLabel,
    status: a.status,
    cancelReason: a.cancelReason,
    awaitingConfirmation: a.awaitingConfirmation,
    tests: [],
  };
}

export function fromBooking(b: PatientBooking): Visit {
  return {
    kind: 'booking',
    id: b.id,
    organisationId: b.organisationId,
    resourceId: b.serviceId,
    title: b.serviceName,
    detail: b.category,
    organisationName: b.organisationName,
    facilityName: b.facility?.name ?? null,
    patientName: b.patientName,
    date: b.date,
    startTime: b.startTime,
    endTime: b.endTime,
    tokenLabel: b.tokenLabel,
    status: b.status,
    cancelReason: b.cancelReason,
    awaitingConfirmation: b.awaitingConfirmation,
    tests: b.tests,
  };
}

/** Today on the phone's calendar, YYYY-MM-DD (patients and their clinics share India's day). */
export function today(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
}

const at = (visit: Visit) => `${visit.date}T${visit.startTime}`;

/** Upcoming (soonest first): still live and not on a past day. Past: the rest, latest first. */
export function splitVisits(visits: Visit[], day = today()): { upcoming: Visit[]; past: Visit[] } {
  const upcoming = visits.filter((visit) => LIVE.has(visit.status) && visit.date >= day);
  const past = visits.filter((visit) => !upcoming.includes(visit));
  return { upcoming: upcoming.sort((a, b) => at(a).localeCompare(at(b))), past: past.sort((a, b) => at(b).localeCompare(at(a))) };
}

/** A booked visit still to come may move to another free slot (the server checks its rules again). */
export function isReschedulable(visit: Visit, day = today()): boolean {
  return visit.status === 'BOOKED' && visit.date >= day;
}

/** Still to happen and not yet confirmed by the desk (a cancelled one has nothing left to confirm). */
export function awaitsConfirmation(visit: Visit): boolean {
  return visit.awaitingConfirmation && LIVE.has(visit.status);
}

export function isCancellable(visit: Visit): boolean {
  return CANCELLABLE.has(visit.status);
}

/** A live visit today: the queue is where it stands. */
export function isInTodaysQueue(visit: Visit, day = today()): boolean {
  return LIVE.has(visit.status) && visit.date === day;
}

/** The visit's own report: a package's are its tests' (each opens on its own once ready). */
export function hasReport(visit: Visit): boolean {
  return visit.kind === 'booking' && visit.status === 'REPORT_READY' && visit.tests.length === 0;
}
