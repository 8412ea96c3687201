import {
  canAccessArea,
  ONLINE_BOOKING_CUTOFF_DEFAULT_MINUTES,
  ONLINE_BOOKING_HORIZON_DEFAULT_DAYS,
  WAITLIST_HOLD_MINUTES,
  WAITLIST_MIN_LEAD_MINUTES,
  type OnlineBookingSettings,
  type OnlineBookingUpdate,
} from '@caredesk/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { doctors, onlineBookingSettings, organisations, services } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { BOOKABLE_KINDS } from '../visits/index.js';

/** What the patient API and the public page enforce; an organisation without a row has the defaults. */
export interface OnlineBookingRules {
  enabled: boolean;
  horizonDays: number;
  cutoffMinutes: number;
  /** Bookings made in the patient app wait for the desk's confirmation. */
  requireConfirmation: boolean;
  /** How long a freed place is held for the waitlist's patient, and how soon before it starts it is still offered. */
  waitlistHoldMinutes: number;
  waitlistLeadMinutes: number;
}

const DEFAULT_RULES: OnlineBookingRules = {
  enabled: false,
  horizonDays: ONLINE_BOOKING_HORIZON_DEFAULT_DAYS,
  cutoffMinutes: ONLINE_BOOKING_CUTOFF_DEFAULT_MINUTES,
  requireConfirmation: false,
  waitlistHoldMinutes: WAITLIST_HOLD_MINUTES,
  waitlistLeadMinutes: WAITLIST_MIN_LEAD_MINUTES,
};

export async function onlineBookingRulesOf(db: Db | Tx, organisationId: string): Promise<OnlineBookingRules> {
  const [row] = await db
    .select({
      enabled: onlineBookingSettings.enabled,
      horizonDays: onlineBookingSettings.horizonDays,
      cutoffMinutes: onlineBookingSettings.cutoffMinutes,
      requireConfirmation: onlineBookingSettings.requireConfirmation,
      waitlistHoldMinutes: onlineBookingSettings.waitlistHoldMinutes,
      waitlistLeadMinutes: onlineBookingSettings.waitlistLeadMinutes,
    })
    .from(onlineBookingSettings)
    .where(eq(onlineBookingSettings.organisationId, organisationId));
  return row ?? DEFAULT_RULES;
}

/** GET /api/settings/online-booking: the rules, and the switch of each active doctor and scan/test. */
export async function getOnlineBookingSettings(db: Db, organisationId: string): Promise<OnlineBookingSettings> {
  const [organisation] = await db.select({ slug: organisations.slug, type: organisations.type }).from(organisations).where(eq(organisations.id, organisationId));
  if (!organisation) throw new NotFoundError();
  // Only what the organisation books at all: a scan centre has no doctors' appointments.
  const takesAppointments = canAccessArea(organisation.type, 'ADMIN', 'appointments');
  const takesBookings = canAccessArea(organisation.type, 'ADMIN', 'bookings');
  const [rules, doctorRows, serviceRows] = await Promise.all([
    onlineBookingRulesOf(db, organisationId),
    takesAppointments
      ? db
          .select({ id: doctors.id, name: doctors.name, specialization: doctors.specialization, onlineBooking: doctors.onlineBooking })
          .from(doctors)
          .where(and(eq(doctors.organisationId, organisationId), eq(doctors.active, true)))
          .orderBy(asc(doctors.nameKey), asc(doctors.id))
      : [],
    takesBookings
      ? db
          .select({ id: services.id, name: services.name, kind: services.kind, category: services.category, onlineBooking: services.onlineBooking })
          .from(services)
          .where(and(eq(services.organisationId, organisationId), eq(services.active, true), inArray(services.kind, BOOKABLE_KINDS)))
          .orderBy(asc(services.kind), asc(services.nameKey), asc(services.id))
      : [],
  ]);
  return { slug: organisation.slug, ...rules, doctors: doctorRows, services: serviceRows };
}

/** Sets each switch sent; any id not of the organisation is "not found" and nothing changes. */
async function setSwitches(
  tx: Tx,
  table: typeof doctors | typeof services,
  organisationId: string,
  switches: { id: string; onlineBooking: boolean }[],
  notFound: string,
): Promise<void> {
  for (const onlineBooking of [true, false]) {
    const ids = [...new Set(switches.filter((entry) => entry.onlineBooking === onlineBooking).map((entry) => entry.id))];
    if (ids.length === 0) continue;
    const updated = await tx
      .update(table)
      .set({ onlineBooking, updatedAt: sql`now()` })
      .where(and(eq(table.organisationId, organisationId), inArray(table.id, ids)))
      .returning({ id: table.id });
    if (updated.length !== ids.length) throw new NotFoundError(notFound);
  }
}

/** PATCH /api/settings/online-booking: only what is sent changes, all of it or nothing. */
export async function updateOnlineBookingSettings(db: Db, organisationId: string, changes: OnlineBookingUpdate): Promise<OnlineBookingSettings> {
  const { doctors: doctorSwitches, services: serviceSwitches, ...ruleChanges } = changes;
  const rules = Object.fromEntries(Object.entries(ruleChanges).filter(([, value]) => value !== undefined)) as Partial<OnlineBookingRules>;
  await db.transaction(async (tx) => {
    if (Object.keys(rules).length > 0) {
      await tx
        .insert(onlineBookingSettings)
        .values({ organisationId, ...rules })
        .onConflictDoUpdate({ target: onlineBookingSettings.organisationId, set: { ...rules, updatedAt: sql`now()` } });
    }
    if (doctorSwitches?.length) await setSwitches(tx, doctors, organisationId, doctorSwitches, 'Doctor not found');
    if (serviceSwitches?.length) await setSwitches(tx, services, organisationId, serviceSwitches, 'Scan or test not found');
  });
  return getOnlineBookingSettings(db, organisationId);
}
