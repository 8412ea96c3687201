import { randomUUID } from 'node:crypto';
import { EVENTS_CLOSE_UNAUTHORIZED, type AppEvent, type OrganisationType } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { apiAs, createOrganisation, signIn } from '../../test/fixtures.js';
import { ready, type Peer } from './test-support.js';

/** One event of each kind; the token queues of a doctor (Appointments) and of a scan (Bookings) differ. */
const events = {
  appointment: { type: 'appointment.updated', appointmentId: randomUUID(), status: 'BOOKED' },
  booking: { type: 'booking.updated', bookingId: randomUUID(), status: 'BOOKED' },
  doctorQueue: { type: 'token.updated', doctorId: randomUUID(), calledToken: 'A-001' },
  scanQueue: { type: 'token.updated', serviceId: randomUUID(), calledToken: 'S-001' },
  chat: { type: 'chat.message', messageId: randomUUID(), conversationId: randomUUID(), patientId: randomUUID() },
  wallet: { type: 'wallet.updated', balancePaise: 50_000 },
  plan: { type: 'plan.updated', subscriptionId: randomUUID() },
  bill: { type: 'bill.updated', billId: randomUUID(), linkId: randomUUID() },
  messages: { type: 'message.updated' },
} satisfies Record<string, AppEvent>;
type EventName = keyof typeof events;
const every = Object.keys(events) as EventName[];

/**
 * Written out from SPEC.md §2's menus rather than computed from the navigation table, so a
 * mistake in the filter cannot hide behind the same mistake in the expectation.
 */
const expected: [OrganisationType, 'admin' | 'worker', EventName[]][] = [
  // Default menu: no Bookings anywhere; the worker has no Chats. Every menu has Patients (messages).
  ['HOSPITAL', 'admin', ['appointment', 'doctorQueue', 'chat', 'wallet', 'plan', 'bill', 'messages']],
  ['HOSPITAL', 'worker', ['appointment', 'doctorQueue', 'wallet', 'plan', 'bill', 'messages']],
  // Scan menu: no doctors or appointments.
  ['SCAN', 'admin', ['booking', 'scanQueue', 'chat', 'wallet', 'plan', 'bill', 'messages']],
  ['SCAN', 'worker', ['booking', 'scanQueue', 'chat', 'wallet', 'plan', 'bill', 'messages']],
  ['MULTIHOSPITAL', 'worker', every],
];

describe.each(drivers)('live events by menu area (%s)', (driver) => {
  const t = useTestApp(driver);

  it('reaches only the staff whose menu shows the area of the event', async () => {
    const peers: { label: string; organisationId: string; peer: Peer; wants: EventName[] }[] = [];
    for (const [type, role, wants] of expected) {
      const org = await createOrganisation(t.database.db, { type });
      const token = (await signIn(t.app, org[role].email)).access_token;
      peers.push({ label: `${type} ${role}`, organisationId: org.id, peer: await ready(t.app, token), wants });
    }
    try {
      const marker: AppEvent = { type: 'plan.updated', subscriptionId: randomUUID() };
      for (const { organisationId } of peers) {
        for (const name of every) await t.app.events.publish(organisationId, events[name]);
        await t.app.events.publish(organisationId, marker);
      }
      for (const { label, peer, wants } of peers) {
        // Events arrive in order: once the marker is here, anything filtered out would have been too.
        await peer.next((message) => message.subscriptionId === marker.subscriptionId);
        const received = peer.messages.slice(1, -1);
        expect(received, label).toEqual(wants.map((name) => events[name]));
      }
    } finally {
      for (const { peer } of peers) peer.socket.terminate();
    }
  });

  it('gives a notification to its recipient whatever the menu, and chat.message to a worker only with Chats', async () => {
    const hospital = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
    const worker = await ready(t.app, (await signIn(t.app, hospital.worker.email)).access_token);
    const admin = await ready(t.app, (await signIn(t.app, hospital.admin.email)).access_token);
    try {
      const chat: AppEvent = { type: 'chat.message', messageId: randomUUID() };
      const notification: AppEvent = { type: 'notification.created', notificationId: randomUUID(), recipientStaffId: hospital.worker.id };
      await t.app.events.publish(hospital.id, chat);
      await t.app.events.publish(hospital.id, notification);
      expect(await worker.next((message) => message.type === 'notification.created')).toEqual(notification);
      expect(await admin.next((message) => message.type === 'chat.message')).toEqual(chat);
      expect(worker.messages).toEqual([{ type: 'ready' }, notification]);
    } finally {
      worker.socket.terminate();
      admin.socket.terminate();
    }
  });

  it('re-filters an open socket when its person’s role changes: a demoted admin stops receiving chats', async () => {
    const hospital = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
    const adminToken = (await signIn(t.app, hospital.admin.email)).access_token;
    const socket = await ready(t.app, adminToken);
    try {
      // A second admin, so the first may be demoted.
      expect((await apiAs(t.app, adminToken).patch(`/api/staff/${hospital.worker.id}`, { role: 'ADMIN' })).statusCode).toBe(200);
      const otherAdmin = apiAs(t.app, (await signIn(t.app, hospital.worker.email)).access_token);
      expect((await otherAdmin.patch(`/api/staff/${hospital.admin.id}`, { role: 'WORKER' })).statusCode).toBe(200);
      // Closed at once, as a token expiry is: the console renews its token and reconnects.
      expect((await socket.closed).code).toBe(EVENTS_CLOSE_UNAUTHORIZED);

      const again = await ready(t.app, adminToken);
      try {
        const chat: AppEvent = { type: 'chat.message', messageId: randomUUID() };
        const marker: AppEvent = { type: 'plan.updated', subscriptionId: randomUUID() };
        await t.app.events.publish(hospital.id, chat);
        await t.app.events.publish(hospital.id, marker);
        await again.next((message) => message.type === 'plan.updated');
        expect(again.messages).toEqual([{ type: 'ready' }, marker]);
      } finally {
        again.socket.terminate();
      }
    } finally {
      socket.socket.terminate();
    }
  });
});
