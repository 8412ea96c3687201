import type { PatientAppointment } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.js';
import { MID_MORNING, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, createOrganisation, daysFromToday, staffClients, type ApiClient } from '../../test/fixtures.js';
import { signInPatient } from '../patient-api/test-support.js';
import { readyToMessage, useProviderApp } from './test-support.js';

describe.each(drivers)('messages of online bookings awaiting the desk’s confirmation (%s)', (driver) => {
  // 10:30 in India: today's later slots are bookable in the app and can be checked in.
  pinClockAt(MID_MORNING);
  const t = useProviderApp(driver);

  /** An organisation taking online bookings that the desk confirms, reminders on both channels. */
  async function clinic() {
    const org = await createOrganisation(t.db, { onlineBooking: {} });
    await readyToMessage(t.db, org.id, { settings: { events: { reminder: { WHATSAPP: true, SMS: true } } } });
    const { admin, worker } = await staffClients(t.app, org);
    expect((await admin.patch('/api/settings/online-booking', { requireConfirmation: true })).statusCode).toBe(200);
    const doctor = await addDoctor(admin, { name: 'Dr. Meera Joshi' });
    const patient = await signInPatient({ app: t.app, database: t.database, close: async () => undefined });
    const book = async (date: string, startTime: string) => {
      const response = await patient.post('/api/patient/appointments', {
        organisationId: org.id,
        doctorId: doctor.id,
        date,
        startTime,
        patient: { name: 'Rohan Deshpande', gender: 'MALE' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const visit = response.json<PatientAppointment>();
      expect(visit.awaitingConfirmation).toBe(true);
      return visit.id;
    };
    return { admin, worker, book };
  }

  const owed = async (visitId: string) => {
    const rows = await t.db.select().from(messages).where(eq(messages.visitId, visitId));
    return rows
      .filter((row) => row.status !== 'CANCELLED')
      .map((row) => `${row.event}:${row.offsetMinutes}:${row.channel}`)
      .sort();
  };
  const confirm = (client: ApiClient, visitId: string) => client.post(`/api/appointments/${visitId}/confirm`, {});

  it('owes no confirmation and no reminder until the desk confirms, then owes them once', async () => {
    const { worker, admin, book } = await clinic();
    const visitId = await book(daysFromToday(3), '09:00');
    expect(await owed(visitId)).toEqual([]);

    expect((await confirm(worker, visitId)).statusCode).toBe(200);
    const expected = ['booked:0:SMS', 'booked:0:WHATSAPP', 'reminder:120:SMS', 'reminder:120:WHATSAPP', 'reminder:1440:SMS', 'reminder:1440:WHATSAPP'];
    expect(await owed(visitId)).toEqual(expected);
    await t.drain();
    expect((await confirm(admin, visitId)).statusCode).toBe(409);
    expect((await t.db.select().from(messages).where(eq(messages.visitId, visitId))).filter((row) => row.event === 'booked')).toHaveLength(2);
  });

  it('moved before it is confirmed, tells the patient of the move but owes no reminder yet', async () => {
    const { worker, book } = await clinic();
    const visitId = await book(daysFromToday(3), '09:00');
    expect((await worker.post(`/api/appointments/${visitId}/reschedule`, { date: daysFromToday(4), startTime: '10:00' })).statusCode).toBe(200);
    expect(await owed(visitId)).toEqual(['rescheduled:0:SMS', 'rescheduled:0:WHATSAPP']);
    expect((await confirm(worker, visitId)).statusCode).toBe(200);
    const slot = new Date(`${daysFromToday(4)}T10:00:00+05:30`).getTime();
    const reminders = (await t.db.select().from(messages).where(eq(messages.visitId, visitId))).filter((row) => row.event === 'reminder');
    expect(reminders.map((row) => row.dueAt.getTime()).sort()).toEqual([slot - 24 * 3600_000, slot - 24 * 3600_000, slot - 2 * 3600_000, slot - 2 * 3600_000].sort());
  });

  it('a confirm racing the check-in owes the confirmation once', async () => {
    const { worker, admin, book } = await clinic();
    const visitId = await book(daysFromToday(0), '12:00');
    const [confirmed, checkedIn] = await Promise.all([confirm(admin, visitId), worker.post(`/api/appointments/${visitId}/actions/check-in`, {})]);
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    // Whichever came second found nothing left to confirm.
    expect([200, 409]).toContain(confirmed.statusCode);
    // Today at 12:00 from 10:30: both reminders' times have passed.
    expect((await owed(visitId)).filter((key) => key.startsWith('booked') || key.startsWith('reminder'))).toEqual(['booked:0:SMS', 'booked:0:WHATSAPP']);
  });

  it('checking the patient in confirms the visit and owes its confirmation', async () => {
    const { worker, book } = await clinic();
    const visitId = await book(daysFromToday(0), '12:15');
    expect(await owed(visitId)).toEqual([]);
    expect((await worker.post(`/api/appointments/${visitId}/actions/check-in`, {})).statusCode).toBe(200);
    expect((await owed(visitId)).filter((key) => key.startsWith('booked'))).toEqual(['booked:0:SMS', 'booked:0:WHATSAPP']);
  });

  it('a declined (cancelled) booking still tells the patient, and nothing else is owed', async () => {
    const { worker, book } = await clinic();
    const visitId = await book(daysFromToday(3), '09:30');
    expect((await worker.post(`/api/appointments/${visitId}/actions/cancel`, { reason: 'The doctor is away that morning' })).statusCode).toBe(200);
    expect(await owed(visitId)).toEqual(['cancelled:0:SMS', 'cancelled:0:WHATSAPP']);
  });
});
