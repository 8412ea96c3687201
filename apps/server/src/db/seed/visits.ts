import { addDays, DEFAULT_TIME_ZONE, localDateTimeToInstant, minutesOfDay, zonedNow } from '@caredesk/shared';
import { slotTimesOn, type SlotSchedule } from '../../modules/visits/index.js';
import { random } from './random.js';

/** A doctor or a scan/test, as the demo visits need it. */
export interface SeedOwner {
  id: string;
  facilityId: string | null;
  schedule: SlotSchedule;
  active: boolean;
  pricePaise: number;
}

type SeedStatus = 'BOOKED' | 'CHECKED_IN' | 'IN_SERVICE' | 'COMPLETED' | 'CANCELLED' | 'NO_SHOW';

/** One demo appointment or booking: the visit tables share these columns. */
export interface DemoVisit {
  id: string;
  organisationId: string;
  facilityId: string | null;
  ownerId: string;
  patientId: string;
  date: string;
  startTime: string;
  endTime: string;
  tokenNumber: number;
  status: SeedStatus;
  reason: string | null;
  cancelReason: string | null;
  pricePaise: number;
  paymentStatus: 'PAID' | 'UNPAID';
  source: 'CONSOLE' | 'WALK_IN' | 'APP';
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  checkedInAt: Date | null;
  calledAt: Date | null;
  completedAt: Date | null;
}

export interface DemoVisitHistory {
  visitId: string;
  organisationId: string;
  byStaffId: string;
  at: Date;
  action: string;
  fromStatus?: SeedStatus;
  toStatus: SeedStatus;
  note?: string | null;
}

export interface DemoVisits {
  visits: DemoVisit[];
  history: DemoVisitHistory[];
}

const MINUTE_MS = 60 * 1000;
const PATHS: Record<SeedStatus, [string, SeedStatus, SeedStatus][]> = {
  BOOKED: [],
  CHECKED_IN: [['check-in', 'BOOKED', 'CHECKED_IN']],
  IN_SERVICE: [
    ['check-in', 'BOOKED', 'CHECKED_IN'],
    ['start', 'CHECKED_IN', 'IN_SERVICE'],
  ],
  COMPLETED: [
    ['check-in', 'BOOKED', 'CHECKED_IN'],
    ['start', 'CHECKED_IN', 'IN_SERVICE'],
    ['complete', 'IN_SERVICE', 'COMPLETED'],
  ],
  CANCELLED: [['cancel', 'BOOKED', 'CANCELLED']],
  NO_SHOW: [['no-show', 'BOOKED', 'NO_SHOW']],
};

/**
 * Demo appointments (per doctor) and bookings (per scan/test): visits of the last 14 days (mostly completed, some cancelled or no-show), today (done, in the
 * queue, or still to come by the clock) and the next 7 days (booked), on real free slots of
 * their schedules; tokens per doctor (service) per day from 1 in slot order. Pure and repeatable.
 */
export function buildDemoVisits(input: {
  seed: number;
  organisationId: string;
  owners: SeedOwner[];
  patientIds: string[];
  staffId: string;
  count: number;
  now: Date;
  reasons: (string | null)[];
  cancelReasons: string[];
}): DemoVisits {
  const rng = random(input.seed);
  const now = zonedNow(DEFAULT_TIME_ZONE, input.now);
  const days: { owner: SeedOwner; date: string; slots: { start: string; end: string; taken: number }[] }[] = [];
  for (const owner of input.owners.filter((o) => o.active)) {
    for (let offset = -14; offset <= 7; offset += 1) {
      const date = addDays(now.date, offset);
      const slots = slotTimesOn(owner.schedule, date).map((slot) => ({ ...slot, taken: 0 }));
      if (slots.length) days.push({ owner, date, slots });
    }
  }
  if (days.length === 0 || input.patientIds.length === 0) return { visits: [], history: [] };

  const picked: { day: (typeof days)[number]; start: string; end: string }[] = [];
  const take = (pool: { day: (typeof days)[number]; slot: (typeof days)[number]['slots'][number] }[], wanted: number) => {
    for (let attempt = 0, got = 0; got < wanted && attempt < wanted * 20 && pool.length > 0; attempt += 1) {
      const { day, slot } = rng.pick(pool);
      if (slot.taken >= day.owner.schedule.capacity) continue;
      slot.taken += 1;
      got += 1;
      picked.push({ day, start: slot.start, end: slot.end });
    }
  };
  // A tenth of the visits around now, so the token page opens on a live queue whenever someone works.
  const aroundNow = days
    .filter((day) => day.date === now.date)
    .flatMap((day) => day.slots.filter((slot) => Math.abs(minutesOfDay(slot.start) - minutesOfDay(now.time) - 15) < 45).map((slot) => ({ day, slot })));
  take(aroundNow, Math.ceil(input.count / 10));
  take(
    days.flatMap((day) => day.slots.map((slot) => ({ day, slot }))),
    input.count - picked.length,
  );
  picked.sort((a, b) => a.day.date.localeCompare(b.day.date) || a.day.owner.id.localeCompare(b.day.owner.id) || a.start.localeCompare(b.start));

  const tokens = new Map<string, number>();
  const inConsultation = new Set<string>();
  const result: DemoVisits = { visits: [], history: [] };
  for (const { day, start, end } of picked) {
    const key = `${day.owner.id} ${day.date}`;
    const tokenNumber = (tokens.get(key) ?? 0) + 1;
    tokens.set(key, tokenNumber);
    const roll = rng.next();
    let status: SeedStatus;
    const minutesFromNow = day.date === now.date ? minutesOfDay(start) - minutesOfDay(now.time) : day.date < now.date ? -Infinity : Infinity;
    if (minutesFromNow < -30) status = roll < 0.82 ? 'COMPLETED' : roll < 0.92 ? 'CANCELLED' : 'NO_SHOW';
    else if (minutesFromNow < 60) status = inConsultation.has(key) ? 'CHECKED_IN' : 'IN_SERVICE';
    else status = roll < 0.93 ? 'BOOKED' : 'CANCELLED';
    if (status === 'IN_SERVICE') inConsultation.add(key);

    const visitAt = localDateTimeToInstant(DEFAULT_TIME_ZONE, day.date, start);
    const createdAt = new Date(Math.min(visitAt.getTime() - (1 + Math.floor(rng.next() * 5)) * 24 * 60 * MINUTE_MS, input.now.getTime() - 60 * MINUTE_MS));
    const id = rng.uuid();
    const cancelReason = status === 'CANCELLED' ? rng.pick(input.cancelReasons) : null;
    // The queue's clock: in 5-15 minutes before the slot, called 0-20 minutes after it, out 10-20 later.
    const checkedInAt = new Date(Math.min(visitAt.getTime() - (5 + Math.floor(rng.next() * 10)) * MINUTE_MS, input.now.getTime()));
    const calledAt = new Date(Math.min(visitAt.getTime() + Math.floor(rng.next() * 20) * MINUTE_MS, input.now.getTime()));
    const completedAt = new Date(Math.min(calledAt.getTime() + (10 + Math.floor(rng.next() * 10)) * MINUTE_MS, input.now.getTime()));
    const path = PATHS[status];
    const reached = (action: string) => path.some(([step]) => step === action);
    result.visits.push({
      id,
      organisationId: input.organisationId,
      facilityId: day.owner.facilityId,
      ownerId: day.owner.id,
      patientId: rng.pick(input.patientIds),
      date: day.date,
      startTime: start,
      endTime: end,
      tokenNumber,
      status,
      reason: rng.pick(input.reasons),
      cancelReason,
      pricePaise: day.owner.pricePaise,
      paymentStatus: status === 'COMPLETED' ? 'PAID' : 'UNPAID',
      source: rng.next() < 0.8 ? 'CONSOLE' : 'WALK_IN',
      createdBy: input.staffId,
      createdAt,
      updatedAt: createdAt,
      checkedInAt: reached('check-in') ? checkedInAt : null,
      calledAt: reached('start') ? calledAt : null,
      completedAt: reached('complete') ? completedAt : null,
    });
    const base = { visitId: id, organisationId: input.organisationId, byStaffId: input.staffId };
    result.history.push({ ...base, at: createdAt, action: 'created', toStatus: 'BOOKED' });
    const stepAt: Record<string, Date> = { 'check-in': checkedInAt, start: calledAt, complete: completedAt };
    for (const [action, fromStatus, toStatus] of path) {
      const at = status === 'CANCELLED' ? new Date(createdAt.getTime() + 60 * MINUTE_MS) : (stepAt[action] ?? new Date(Math.min(visitAt.getTime(), input.now.getTime())));
      result.history.push({ ...base, at, action, fromStatus, toStatus, note: action === 'cancel' ? cancelReason : null });
    }
  }
  return result;
}
