import { addDays, canAccessArea, todayIn, zonedNow, type AvailabilityWindow, type PublicOrganisation, type SlotsResponse } from '@caredesk/shared';
import { and, asc, between, count, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { doctors, facilities, organisations, organisationSlugs, services } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { beforeCutoff, lastOnlineDate, listOnlineSlots, onlineOwner, type OnlineOwnerKind, type OnlineWindow } from '../patient-api/index.js';
import { onlineBookingRulesOf, type OnlineBookingRules } from '../settings/index.js';
import { packageItemNamesSql } from '../services/index.js';
import { appointmentKind, BOOKABLE_KINDS, bookingKind, dayChangesOf, freeSlots, type VisitCreate, type VisitKind, type VisitOwner } from '../visits/index.js';

/** What a slug answers: the page, or a redirect from a former slug to the current one. */
export type PublicLookup = { kind: 'page'; page: PublicOrganisation } | { kind: 'moved'; slug: string };

type NextSlot = { date: string; startTime: string } | null;

/**
 * The first slot of each owner a patient may still book online: free, within the horizon and not
 * inside the cut-off. One grouped count of live visits for the whole horizon, then the slot engine
 * in memory, rather than a query per owner per day.
 */
async function nextFreeSlots(db: Db, kind: VisitKind<VisitCreate>, organisationId: string, owners: VisitOwner[], window: OnlineWindow, now: Date): Promise<Map<string, NextSlot>> {
  const next = new Map<string, NextSlot>(owners.map((owner) => [owner.id, null]));
  if (owners.length === 0) return next;
  const { visits } = kind;
  const today = todayIn(window.timeZone, now);
  const last = lastOnlineDate(window, now);
  const rows = await db
    .select({ ownerId: kind.visitOwnerId, date: visits.date, start: visits.startTime, n: count() })
    .from(visits)
    .where(
      and(
        eq(visits.organisationId, organisationId),
        inArray(
          kind.visitOwnerId,
          owners.map((owner) => owner.id),
        ),
        between(visits.date, today, last),
        // Extras sit beside their slot, not in it (visits/owner-day.ts).
        eq(visits.overbooked, false),
        inArray(visits.status, kind.liveStatuses as never[]),
      ),
    )
    .groupBy(kind.visitOwnerId, visits.date, visits.startTime);
  const counts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const key = `${row.ownerId}|${row.date}`;
    const day = counts.get(key) ?? new Map<string, number>();
    day.set(row.start, row.n);
    counts.set(key, day);
  }
  const zoned = zonedNow(window.timeZone, now);
  const none = new Map<string, number>();
  // A doctor's days that differ from the week (a late start, an extra session, closed).
  const changed = await dayChangesOf(
    db,
    kind,
    owners.map((owner) => owner.id),
    today,
    last,
  );
  for (const owner of owners) {
    const days = changed.get(owner.id);
    if (owner.schedule.availability.length === 0 && !days) continue;
    const schedule = { ...owner.schedule, days };
    for (let date = today; date <= last; date = addDays(date, 1)) {
      const free = freeSlots(schedule, date, counts.get(`${owner.id}|${date}`) ?? none, zoned).find((slot) => !beforeCutoff(window, date, slot.start, now));
      if (free) {
        next.set(owner.id, { date, startTime: free.start });
        break;
      }
    }
  }
  return next;
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function minutes(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

/**
 * A facility's opening hours, derived from the weekly availability of the doctors and scans/tests
 * there (facilities keep no hours of their own): per weekday, the windows merged where they touch.
 */
export function openingHours(windows: AvailabilityWindow[]): PublicOrganisation['facilities'][number]['hours'] {
  const hours: PublicOrganisation['facilities'][number]['hours'] = [];
  for (let weekday = 0; weekday < 7; weekday += 1) {
    const day = windows
      .filter((window) => window.weekday === weekday)
      .map((window) => [minutes(window.start), minutes(window.end)] as [number, number])
      .sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const [start, end] of day) {
      const previous = merged.at(-1);
      if (previous && start <= previous[1]) previous[1] = Math.max(previous[1], end);
      else merged.push([start, end]);
    }
    if (merged.length > 0) hours.push({ weekday, windows: merged.map(([start, end]) => ({ start: hhmm(start), end: hhmm(end) })) });
  }
  return hours;
}

/** A Google Maps search for the address (Maps URLs: no key, opens the app on phones). */
export function mapUrlOf(...parts: (string | null | undefined)[]): string | null {
  const query = parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}

type OrganisationRow = typeof organisations.$inferSelect;

/**
 * The organisation a public slug names, when it takes online bookings: its row and rules, or the
 * current slug when this one is a former one. Unknown slugs, and organisations whose online
 * booking is off, are "not found" alike.
 */
async function organisationBySlug(db: Db, slug: string): Promise<{ kind: 'found'; organisation: OrganisationRow; rules: OnlineBookingRules } | { kind: 'moved'; slug: string }> {
  // Every slug ever given is of this form; anything else (a NUL byte PostgreSQL would refuse) is simply unknown.
  if (!/^[a-z0-9-]+$/.test(slug)) throw new NotFoundError();
  const [found] = await db
    .select({ organisation: organisations })
    .from(organisationSlugs)
    .innerJoin(organisations, eq(organisations.id, organisationSlugs.organisationId))
    .where(eq(organisationSlugs.slug, slug));
  if (!found) throw new NotFoundError();
  const { organisation } = found;
  const rules = await onlineBookingRulesOf(db, organisation.id);
  if (!rules.enabled) throw new NotFoundError();
  if (organisation.slug !== slug) return { kind: 'moved', slug: organisation.slug };
  return { kind: 'found', organisation, rules };
}

/**
 * GET /api/public/organisations/{slug}: the organisation's public page and what may be booked
 * online. Deliberately built from organisation, facility, doctor and service columns only: no
 * query here touches patients, and the visit counts behind the next free slot leave as a slot.
 */
export async function publicOrganisation(db: Db, slug: string, now = new Date()): Promise<PublicLookup> {
  const found = await organisationBySlug(db, slug);
  if (found.kind === 'moved') return found;
  const { organisation, rules } = found;
  const window: OnlineWindow = { ...rules, timeZone: organisation.timeZone };
  const takesAppointments = canAccessArea(organisation.type, 'ADMIN', 'appointments');
  const takesBookings = canAccessArea(organisation.type, 'ADMIN', 'bookings');
  const [branches, doctorRows, serviceRows] = await Promise.all([
    db.select().from(facilities).where(eq(facilities.organisationId, organisation.id)).orderBy(asc(facilities.createdAt), asc(facilities.name)),
    takesAppointments
      ? db
          .select()
          .from(doctors)
          .where(and(eq(doctors.organisationId, organisation.id), eq(doctors.active, true)))
          .orderBy(asc(doctors.nameKey), asc(doctors.id))
      : [],
    takesBookings
      ? db
          .select({ ...getTableColumns(services), includes: packageItemNamesSql })
          .from(services)
          .where(and(eq(services.organisationId, organisation.id), eq(services.active, true), inArray(services.kind, BOOKABLE_KINDS)))
          .orderBy(asc(services.kind), asc(services.nameKey), asc(services.id))
      : [],
  ]);
  const onlineDoctors = doctorRows.filter((doctor) => doctor.onlineBooking);
  const onlineServices = serviceRows.filter((service) => service.onlineBooking);
  const [doctorSlots, serviceSlots] = await Promise.all([
    nextFreeSlots(
      db,
      appointmentKind,
      organisation.id,
      onlineDoctors.map((doctor) => appointmentKind.toOwner(doctor as never)),
      window,
      now,
    ),
    nextFreeSlots(
      db,
      bookingKind,
      organisation.id,
      onlineServices.map((service) => bookingKind.toOwner(service as never)),
      window,
      now,
    ),
  ]);
  // A single facility stands for the organisation: its address fills in from the organisation's.
  const organisationAddress = [organisation.address, organisation.city, organisation.state, organisation.pincode];
  return {
    kind: 'page',
    page: {
      id: organisation.id,
      slug: organisation.slug,
      name: organisation.name,
      logoUrl: organisation.logoUrl,
      type: organisation.type,
      timeZone: organisation.timeZone,
      horizonDays: rules.horizonDays,
      cutoffMinutes: rules.cutoffMinutes,
      requireConfirmation: rules.requireConfirmation,
      facilities: branches.map((facility) => {
        const address = facility.address ?? (branches.length === 1 ? organisationAddress.filter(Boolean).join(', ') || null : null);
        const windows = [...doctorRows, ...serviceRows]
          .filter((row) => row.facilityId === facility.id || (branches.length === 1 && row.facilityId === null))
          .flatMap((row) => row.availability);
        return {
          id: facility.id,
          name: facility.name,
          address,
          phone: facility.phone ?? organisation.phone,
          hours: openingHours(windows),
          mapUrl: address ? mapUrlOf(facility.name, address) : null,
        };
      }),
      doctors: onlineDoctors.map((doctor) => ({
        id: doctor.id,
        name: doctor.name,
        photoUrl: doctor.photoUrl,
        specialization: doctor.specialization,
        qualifications: doctor.qualifications,
        facilityId: doctor.facilityId,
        feePaise: doctor.consultationFeePaise,
        slotMinutes: doctor.slotMinutes,
        nextSlot: doctorSlots.get(doctor.id) ?? null,
      })),
      services: onlineServices.map((service) => ({
        id: service.id,
        name: service.name,
        kind: service.kind,
        category: service.category,
        pricePaise: service.pricePaise,
        preparation: service.preparation,
        includes: service.includes,
        facilityId: service.facilityId,
        nextSlot: serviceSlots.get(service.id) ?? null,
      })),
    },
  };
}

/** What a public slots request answers: the slots, or a redirect from a former slug. */
export type PublicSlotsLookup = { kind: 'slots'; slots: SlotsResponse } | { kind: 'moved'; slug: string };

/**
 * GET /api/public/organisations/{slug}/doctors/{id}/slots?date= (and …/services/…): the slots the
 * patient app would offer once signed in (listOnlineSlots, the same rules as booking). Every
 * refusal is "not found": anyone may call this, so it never tells an inactive doctor, another
 * organisation's id or one not taking online bookings apart from an unknown id.
 */
export async function publicSlots(db: Db, slug: string, ownerKind: OnlineOwnerKind, ownerId: string, date: string, now = new Date()): Promise<PublicSlotsLookup> {
  const found = await organisationBySlug(db, slug);
  if (found.kind === 'moved') return found;
  const owner = await onlineOwner(db, ownerKind, found.organisation.id, ownerId);
  if (owner.kind !== 'open') throw new NotFoundError();
  return { kind: 'slots', slots: await listOnlineSlots(db, ownerKind, owner.window, found.organisation.id, ownerId, date, now) };
}
