import { count, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.js';
import {
  appointmentHistory,
  appointments,
  bookingHistory,
  bookings,
  bookingTests,
  chatMessages,
  conversations,
  doctors,
  facilities,
  notifications,
  onlineBookingSettings,
  organisations,
  organisationSlugs,
  patients,
  paymentOrders,
  plans,
  servicePackageItems,
  services,
  staff,
  subscriptions,
  walletEntries,
  wallets,
  whatsappSubscriptions,
} from '../schema/index.js';
import { hashPassword } from '../../lib/passwords.js';
import { DEMO_PASSWORD, demoOrganisations, demoPlans, type DemoOrganisation } from './demo-data.js';
import { buildDemoAppointments } from './appointments.js';
import { buildDemoBookings } from './bookings.js';
import { buildDemoChats } from './chats.js';
import { buildDemoPackages } from './packages.js';
import { buildDemoRecords } from './records.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const SEED_LOCK_KEY = 4_271_002;

export interface SeedResult {
  seeded: boolean;
  accounts: string[];
}

/**
 * Seeds the demo organisations of design.md §8 in one transaction, and only when the database
 * has no organisation at all: it never touches a database that holds real data.
 */
export async function seedDemo(db: Db, now = new Date()): Promise<SeedResult> {
  // argon2 is deliberately slow: hash once and share it between the demo accounts.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Two processes starting on one empty PostgreSQL: the second waits, then sees data.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(organisations);
    if ((existing?.n ?? 0) > 0) return { seeded: false, accounts: [] };

    const [starter, professional] = await tx
      .insert(plans)
      .values(demoPlans.map((plan, index) => ({ ...plan, features: [...plan.features], sortOrder: index + 1 })))
      .returning({ id: plans.id });
    const accounts: string[] = [];
    for (const demo of demoOrganisations) {
      const planId = demo.plan === 'active' ? professional!.id : starter!.id;
      accounts.push(...(await seedOrganisation(tx, demo, { passwordHash, planId, now })));
    }
    return { seeded: true, accounts };
  });
}

async function seedOrganisation(tx: Tx, demo: DemoOrganisation, opts: { passwordHash: string; planId: string; now: Date }): Promise<string[]> {
  const at = (daysAgo: number) => new Date(opts.now.getTime() - daysAgo * DAY_MS);
  const [organisation] = await tx
    .insert(organisations)
    .values({
      name: demo.name,
      email: demo.email,
      phone: demo.phone,
      type: demo.type,
      address: demo.address,
      city: demo.city,
      state: demo.state,
      pincode: demo.pincode,
      uhidPrefix: demo.uhidPrefix,
      slug: demo.slug,
      createdAt: at(400),
    })
    .returning({ id: organisations.id });
  const organisationId = organisation!.id;
  await tx.insert(organisationSlugs).values({ slug: demo.slug, organisationId });
  await tx.insert(onlineBookingSettings).values({ organisationId, enabled: true });
  const branches = await tx
    .insert(facilities)
    .values(demo.facilities.map((facility, index) => ({ ...facility, organisationId, createdAt: at(400 - index) })))
    .returning({ id: facilities.id });

  // One multi-row insert per table keeps the whole seed to a few statements.
  const records = buildDemoRecords(
    demo.records,
    organisationId,
    branches.map((branch) => branch.id),
    opts.now,
  );
  const doctorRows = records.doctors.length ? await tx.insert(doctors).values(records.doctors).returning() : [];
  const serviceRows = records.services.length ? await tx.insert(services).values(records.services).returning() : [];
  const patientRows = records.patients.length ? await tx.insert(patients).values(records.patients).returning({ id: patients.id }) : [];

  const members = await tx
    .insert(staff)
    .values(
      demo.staff.map(({ doctor, ...member }) => ({
        ...member,
        organisationId,
        passwordHash: opts.passwordHash,
        // A doctor's own account is its doctor (the consulting room, issue #21).
        doctorId: doctor ? doctorRows.find((row) => row.name === doctor)!.id : null,
      })),
    )
    .returning({ id: staff.id, email: staff.email, role: staff.role });

  // Past, today's and upcoming visits for every organisation with doctors (issue #4).
  const visits = buildDemoAppointments({
    seed: demo.records.seed + 1,
    organisationId,
    doctors: doctorRows,
    patientIds: patientRows.map((row) => row.id),
    staffId: members[0]!.id,
    count: Math.min(120, Math.max(60, 40 + doctorRows.length * 5)),
    now: opts.now,
  });
  if (visits.appointments.length) {
    await tx.insert(appointments).values(visits.appointments);
    await tx.insert(appointmentHistory).values(visits.history);
  }
  const scansAndTests = serviceRows.filter((service) => service.kind !== 'OTHER');
  const booked = buildDemoBookings({
    seed: demo.records.seed + 2,
    organisationId,
    services: scansAndTests,
    patientIds: patientRows.map((row) => row.id),
    staffId: members[0]!.id,
    count: Math.min(120, Math.max(40, scansAndTests.length * 6)),
    now: opts.now,
  });
  if (booked.bookings.length) {
    await tx.insert(bookings).values(booked.bookings);
    await tx.insert(bookingHistory).values(booked.history);
  }
  const packages = buildDemoPackages(serviceRows, booked.bookings);
  if (packages.items.length) await tx.insert(servicePackageItems).values(packages.items);
  if (packages.tests.length) await tx.insert(bookingTests).values(packages.tests);

  // A few conversations with patients over the last days, some unread (issue #7): every demo
  // organisation's admin sees Chats.
  const chats = buildDemoChats({
    seed: demo.records.seed + 3,
    organisationId,
    patients: patientRows,
    staffId: members[0]!.id,
    count: demo.plan === 'lapsed' ? 3 : 6,
    now: opts.now,
  });
  if (chats.conversations.length) {
    await tx.insert(conversations).values(chats.conversations);
    await tx.insert(chatMessages).values(chats.messages);
  }

  const lapsed = demo.plan === 'lapsed';
  await tx.insert(subscriptions).values({
    organisationId,
    planId: opts.planId,
    startsAt: lapsed ? at(395) : at(90),
    endsAt: lapsed ? at(30) : at(-275),
  });
  // The WhatsApp add-on with the plan: the demo's bookings and queue calls reach patients on
  // WhatsApp (through the log provider) as well as by SMS.
  if (!lapsed) await tx.insert(whatsappSubscriptions).values({ organisationId, startsAt: at(90), endsAt: at(-275) });

  // The ledger oldest first, each entry with the balance after it; every recharge credit comes
  // from a paid order of the test gateway, as a real one would.
  let balance = 0;
  const orders: (typeof paymentOrders.$inferInsert)[] = [];
  const entries = demo.ledger.map((entry, index) => {
    balance += entry.kind === 'CREDIT' ? entry.amountPaise : -entry.amountPaise;
    const paymentId = entry.kind === 'CREDIT' ? `pay_demo_${demo.records.seed}_${index}` : null;
    if (paymentId) {
      orders.push({
        organisationId,
        provider: 'simulated',
        providerOrderId: `order_demo_${demo.records.seed}_${index}`,
        purpose: 'WALLET_RECHARGE',
        amountPaise: entry.amountPaise,
        status: 'PAID',
        createdBy: members[0]!.id,
        paidPaymentId: paymentId,
        createdAt: at(entry.daysAgo),
        paidAt: at(entry.daysAgo),
      });
    }
    return {
      organisationId,
      kind: entry.kind,
      amountPaise: entry.amountPaise,
      balanceAfterPaise: balance,
      description: entry.description,
      paymentId,
      createdAt: at(entry.daysAgo),
    };
  });
  if (orders.length) await tx.insert(paymentOrders).values(orders);
  await tx.insert(walletEntries).values(entries);
  await tx.insert(wallets).values({ organisationId, balancePaise: balance });

  // Spread over the last few days, newest first; the two newest of each member stay unread.
  // The desk's notifications (bookings, payments, chats): a doctor's own account has none of them.
  const rows = members
    .filter((member) => member.role !== 'USER')
    .flatMap((member) =>
      demo.notifications.map((item, index) => ({
        organisationId,
        recipientStaffId: member.id,
        type: item.type,
        title: item.title,
        message: item.message,
        isRead: index >= 2,
        createdAt: new Date(opts.now.getTime() - (index * 19 + 7) * 60 * 60 * 1000),
      })),
    );
  await tx.insert(notifications).values(rows);
  return members.map((member) => member.email);
}
