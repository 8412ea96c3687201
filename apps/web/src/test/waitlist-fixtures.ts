import type { SlotsResponse, WaitlistEntry, WaitlistKind } from '@caredesk/shared';

/** A date as typed into the booking form's Date field: '2026-11-26' -> '26/11/2026'. */
export const typedDate = (date: string) => `${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** A slot of one place: free (`remaining` 1) or taken (0). */
const slot = (start: string, remaining: number) => ({ start, end: start, capacity: 1, remaining });

/**
 * A day's slots as GET /doctors/:id/slots (/services/:id/slots) answers the desk: `free` to book,
 * `full` taken (a full day offers its waitlist), and one extra left in the day's allowance.
 */
export function slotsDay(date: string, free: string[], full: string[]): SlotsResponse {
  return {
    date,
    timeZone: 'Asia/Kolkata',
    slots: free.map((start) => slot(start, 1)),
    full: full.map((start) => slot(start, 0)),
    extras: { allowance: 1, left: 1 },
  };
}

/** Whose day a line is: a doctor's (appointments) or a scan's or test's (bookings). */
export interface WaitlistOwner {
  kind: WaitlistKind;
  id: string;
  name: string;
  date: string;
}

let counter = 0;

/** A waitlist entry of `owner`'s day as GET /waitlist answers it: waiting, 1st in line, unless overridden. */
export function makeWaitlistEntry(owner: WaitlistOwner, overrides: Partial<WaitlistEntry> & { name: string }): WaitlistEntry {
  counter += 1;
  const { name, ...rest } = overrides;
  return {
    id: `70000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    kind: owner.kind,
    ownerId: owner.id,
    ownerName: owner.name,
    date: owner.date,
    status: 'WAITING',
    position: 1,
    offer: null,
    // Whatever got as far as an offer (held, booked, declined, lapsed); a LAPSED entry the day's end closed unoffered says false.
    wasOffered: overrides.status !== undefined && overrides.status !== 'WAITING' && overrides.status !== 'LEFT',
    visitId: null,
    createdAt: '2026-11-25T04:00:00.000Z',
    patient: { id: `31000000-0000-4000-8000-${String(counter).padStart(12, '0')}`, name, phone: '+919876543210' },
    ...rest,
  };
}

/**
 * The first patient of a line with a place held for them at `startTime` (its hold ending
 * `secondsLeft` after `at`), the second still waiting, one whose offer lapsed, and one whose day
 * ended before any place opened (LAPSED too, never offered): the panel's usual states.
 */
export function heldLine(owner: WaitlistOwner, at: Date, secondsLeft: number, startTime = '09:15') {
  const expiresAt = new Date(at.getTime() + secondsLeft * 1000).toISOString();
  return {
    offered: makeWaitlistEntry(owner, { name: 'Priya Offered', position: 1, status: 'OFFERED', offer: { startTime, offeredAt: at.toISOString(), expiresAt } }),
    waiting: makeWaitlistEntry(owner, { name: 'Ravi Waiting', position: 2 }),
    lapsed: makeWaitlistEntry(owner, { name: 'Old Lapsed', position: null, status: 'LAPSED' }),
    dayEnded: makeWaitlistEntry(owner, { name: 'Kiran Unoffered', position: null, status: 'LAPSED', wasOffered: false }),
  };
}
