import { DEFAULT_TIME_ZONE, minutesOfDay, type AppointmentStatus } from '@caredesk/shared';
import { slotTimesOn, zonedNow } from '../../lib/slots.js';
import type { appointmentHistory, appointments, doctors } from '../schema/index.js';
import { random } from './random.js';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];
type SeedDoctor = Pick<typeof doctors.$inferSelect, 'id' | 'facilityId' | 'availability' | 'slotMinutes' | 'patientsPerSlot' | 'leaveDates' | 'active' | 'consultationFeePaise'>;

export interface DemoAppointments {
  appointments: (Row<typeof appointments> & { id: string })[];
  history: Row<typeof appointmentHistory>[];
}

const MINUTE_MS = 60 * 1000;
/** The demo organisations keep the default zone, Asia/Kolkata: UTC+05:30 all year, no DST. */
const KOLKATA_OFFSET_MINUTES = 330;
const REASONS = ['Follow-up visit', 'Fever and cough', 'Routine check-up', 'Blood pressure review', 'Knee pain', 'Review of test reports', 'Headache', 'Skin rash', null];
const CANCEL_REASONS = ['Patient travelling', 'Feeling better', 'Clash with work', 'Doctor called into surgery'];
const PATHS: Record<AppointmentStatus, [string, AppointmentStatus, AppointmentStatus][]> = {
  BOOKED: [],
  CHECKED_IN: [['check-in', 'BOOKED', 'CHECKED_IN']],
  IN_CONSULTATION: [
    ['check-in', 'BOOKED', 'CHECKED_IN'],
    ['start', 'CHECKED_IN', 'IN_CONSULTATION'],
  ],
  COMPLETED: [
    ['check-in', 'BOOKED', 'CHECKED_IN'],
    ['start', 'CHECKED_IN', 'IN_CONSULTATION'],
    ['complete', 'IN_CONSULTATION', 'COMPLETED'],
  ],
  CANCELLED: [['cancel', 'BOOKED', 'CANCELLED']],
  NO_SHOW: [['no-show', 'BOOKED', 'NO_SHOW']],
};

function shiftDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function instantOf(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day) + (minutesOfDay(time) - KOLKATA_OFFSET_MINUTES) * MINUTE_MS);
}


/**
 * Visits of the last 14 days (mostly completed, some cancelled or no-show), today (done, in the
 * queue, or still to come by the clock) and the next 7 days (booked), on real free slots of
 * the doctors' schedules; tokens per doctor per day from 1 in slot order. Pure and repeatable.
 */
export function buildDemoAppointments(input: {
  seed: number;
  organisationId: string;
  doctors: SeedDoctor[];
  patientIds: string[];
  staffId: string;
  count: number;
  now: Date;
}): DemoAppointments {
  const rng = random(input.seed);
  const now = zonedNow(DEFAULT_TIME_ZONE, input.now);
  const days: { doctor: SeedDoctor; date: string; slots: { start: string; end: string; taken: number }[] }[] = [];
  for (const doctor of input.doctors.filter((d) => d.active)) {
    for (let offset = -14; offset <= 7; offset += 1) {
      const date = shiftDays(now.date, offset);
      const schedule = { availability: doctor.availability, slotMinutes: doctor.slotMinutes, capacity: doctor.patientsPerSlot, leaveDates: doctor.leaveDates };
      const slots = slotTimesOn(schedule, date).map((slot) => ({ ...slot, taken: 0 }));
      if (slots.length) days.push({ doctor, date, slots });
    }
  }
  if (days.length === 0 || input.patientIds.length === 0) return { appointments: [], history: [] };

  const picked: { day: (typeof days)[number]; start: string; end: string }[] = [];
  for (let attempt = 0; picked.length < input.count && attempt < input.count * 20; attempt += 1) {
    const day = rng.pick(days);
    const slot = rng.pick(day.slots);
    if (slot.taken >= day.doctor.patientsPerSlot) continue;
    slot.taken += 1;
    picked.push({ day, start: slot.start, end: slot.end });
  }
  picked.sort((a, b) => a.day.date.localeCompare(b.day.date) || a.day.doctor.id.localeCompare(b.day.doctor.id) || a.start.localeCompare(b.start));

  const tokens = new Map<string, number>();
  const inConsultation = new Set<string>();
  const result: DemoAppointments = { appointments: [], history: [] };
  for (const { day, start, end } of picked) {
    const key = `${day.doctor.id} ${day.date}`;
    const tokenNumber = (tokens.get(key) ?? 0) + 1;
    tokens.set(key, tokenNumber);
    const roll = rng.next();
    let status: AppointmentStatus;
    const minutesFromNow = day.date === now.date ? minutesOfDay(start) - minutesOfDay(now.time) : day.date < now.date ? -Infinity : Infinity;
    if (minutesFromNow < -30) status = roll < 0.82 ? 'COMPLETED' : roll < 0.92 ? 'CANCELLED' : 'NO_SHOW';
    else if (minutesFromNow < 60) status = inConsultation.has(key) ? 'CHECKED_IN' : 'IN_CONSULTATION';
    else status = roll < 0.93 ? 'BOOKED' : 'CANCELLED';
    if (status === 'IN_CONSULTATION') inConsultation.add(key);

    const visitAt = instantOf(day.date, start);
    const createdAt = new Date(Math.min(visitAt.getTime() - (1 + Math.floor(rng.next() * 5)) * 24 * 60 * MINUTE_MS, input.now.getTime() - 60 * MINUTE_MS));
    const id = rng.uuid();
    const cancelReason = status === 'CANCELLED' ? rng.pick(CANCEL_REASONS) : null;
    result.appointments.push({
      id,
      organisationId: input.organisationId,
      facilityId: day.doctor.facilityId,
      doctorId: day.doctor.id,
      patientId: rng.pick(input.patientIds),
      date: day.date,
      startTime: start,
      endTime: end,
      tokenNumber,
      status,
      reason: rng.pick(REASONS),
      cancelReason,
      feePaise: day.doctor.consultationFeePaise,
      paymentStatus: status === 'COMPLETED' ? 'PAID' : 'UNPAID',
      source: rng.next() < 0.8 ? 'CONSOLE' : 'WALK_IN',
      createdBy: input.staffId,
      createdAt,
      updatedAt: createdAt,
    });
    const base = { appointmentId: id, organisationId: input.organisationId, byStaffId: input.staffId };
    result.history.push({ ...base, at: createdAt, action: 'created', toStatus: 'BOOKED' });
    PATHS[status].forEach(([action, fromStatus, toStatus], index) => {
      const at = status === 'CANCELLED' ? new Date(createdAt.getTime() + 60 * MINUTE_MS) : new Date(Math.min(visitAt.getTime() + index * 10 * MINUTE_MS, input.now.getTime()));
      result.history.push({ ...base, at, action, fromStatus, toStatus, note: action === 'cancel' ? cancelReason : null });
    });
  }
  return result;
}
