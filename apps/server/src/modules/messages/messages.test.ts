import { CANCELLED_FOR_LEAVE, type MessageLogItem } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, notifications, staff, walletEntries } from '../../db/schema/index.js';
import { atTime, indiaDate, MID_MORNING, pinClockAt } from '../../test/clock.js';
import { appointmentKind, bookVisit } from '../visits/index.js';
import { bothDrivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, staffClients, uniqueEmail, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { balancePaise, messageLog, readyToMessage, TEST_PHONE_NUMBER_ID, TEST_SMS_TEMPLATES, useProviderApp } from './test-support.js';

const WHATSAPP_PRICE = 50;
const SMS_PRICE = 25;

interface Clinic {
  org: OrganisationFixture;
  admin: ApiClient;
  worker: ApiClient;
  doctorId: string;
  patient: { id: string; name: string; phone: string };
  book(date: string, startTime: string, patientId?: string): Promise<string>;
}

describe.each(bothDrivers)('messages to patients (%s)', (driver) => {
  const t = useProviderApp(driver, { msg91Templates: { CDBOOKED01: 9, CDREMIND01: 9, CDMOVED001: 7, CDCANCEL01: 6, CDSERVE001: 4, CDNEXT0001: 5 }, retryBaseSeconds: 60 });
  const { drain } = t;

  async function clinic(options: Parameters<typeof readyToMessage>[2] = {}, consent = true): Promise<Clinic> {
    const org = await createOrganisation(t.db);
    await readyToMessage(t.db, org.id, options);
    const { admin, worker } = await staffClients(t.app, org);
    const doctor = await addDoctor(admin, { name: 'Dr. Meera Joshi' });
    const patient = await addPatient(admin, { name: 'Rohan Deshpande', messageConsent: consent });
    const book = async (date: string, startTime: string, patientId = patient.id) => {
      const response = await worker.post('/api/appointments', { doctorId: doctor.id, patientId, date, startTime });
      expect(response.statusCode).toBe(201);
      return response.json<{ id: string }>().id;
    };
    return { org, admin, worker, doctorId: doctor.id, patient, book };
  }

  const rowsOf = (visitId: string) => t.db.select().from(messages).where(eq(messages.visitId, visitId));
  const whatsAppTo = (phone: string) => t.whatsapp.requests.filter((request) => (request.body as { to?: string }).to === phone.slice(1));
  const smsTo = (phone: string) => t.sms.requests.filter((request) => (request.body as { recipients: { mobiles: string }[] }).recipients[0]!.mobiles === phone.slice(1));

  it('confirms a booking on WhatsApp (an approved template) and SMS (its DLT template), charges each once and logs it', async () => {
    const { org, admin, patient, book } = await clinic();
    const visitId = await book(daysFromToday(3), '09:00');
    await drain();

    const [template] = whatsAppTo(patient.phone);
    expect(template?.path).toBe(`/v21.0/${TEST_PHONE_NUMBER_ID}/messages`);
    expect(template?.authorization).toMatch(/^Bearer /);
    const body = template!.body as { type: string; template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] } };
    expect(body.type).toBe('template');
    expect(body.template.name).toBe('caredesk_booked');
    expect(body.template.language.code).toBe('en');
    const parameters = body.template.components[0]!.parameters.map((parameter) => parameter.text);
    // In the order the English text first uses them: patient, with, organisation…
    expect(parameters[0]).toBe('Rohan Deshpande');
    expect(parameters[1]).toBe('Dr. Meera Joshi');
    const [text] = smsTo(patient.phone);
    expect((text!.body as { template_id: string }).template_id).toBe(TEST_SMS_TEMPLATES.booked);

    const booked = (await messageLog(admin, { visitId, event: 'booked' })).sort((a, b) => a.channel.localeCompare(b.channel));
    expect(booked.map((m) => [m.channel, m.status, m.costPaise])).toEqual([
      ['SMS', 'SENT', SMS_PRICE],
      ['WHATSAPP', 'SENT', WHATSAPP_PRICE],
    ]);
    expect(booked[0]!.text).toContain('Rohan Deshpande');
    expect(booked[0]!.text).toContain('Dr. Meera Joshi');
    // The log masks the phone: only its last four digits.
    expect(booked[0]!.to).toBe(`${patient.phone.slice(0, -4).replace(/\d/g, '*')}${patient.phone.slice(-4)}`);
    expect(booked[0]!.timeline.map((entry) => entry.status)).toEqual(['SCHEDULED', 'SENT']);

    expect(await balancePaise(t.db, org.id)).toBe(100_000 - WHATSAPP_PRICE - SMS_PRICE);
    const debits = await t.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.organisationId, org.id), eq(walletEntries.kind, 'DEBIT')));
    expect(debits.map((entry) => entry.messageId).sort()).toEqual(booked.map((m) => m.id).sort());

    // Draining again sends nothing twice.
    await drain();
    expect(whatsAppTo(patient.phone)).toHaveLength(1);
    expect(smsTo(patient.phone)).toHaveLength(1);
  });

  it('reminds 24 hours and 2 hours before, when each falls due, and never before', async () => {
    const { patient, book } = await clinic({ settings: { events: { reminder: { WHATSAPP: true, SMS: true } } } });
    const visitId = await book(daysFromToday(3), '10:00');
    await drain();
    const reminders = (await rowsOf(visitId)).filter((row) => row.event === 'reminder');
    const slot = new Date(`${daysFromToday(3)}T10:00:00+05:30`).getTime();
    expect(reminders.map((row) => [row.offsetMinutes, row.channel, row.status, row.dueAt.getTime()]).sort()).toEqual(
      [
        [120, 'SMS', 'SCHEDULED', slot - 2 * 3600_000],
        [120, 'WHATSAPP', 'SCHEDULED', slot - 2 * 3600_000],
        [1440, 'SMS', 'SCHEDULED', slot - 24 * 3600_000],
        [1440, 'WHATSAPP', 'SCHEDULED', slot - 24 * 3600_000],
      ].sort(),
    );
    t.whatsapp.requests.length = 0;

    await atTime(new Date(slot - 24 * 3600_000 - 60_000), drain);
    expect(whatsAppTo(patient.phone)).toHaveLength(0);
    await atTime(new Date(slot - 24 * 3600_000 + 1000), drain);
    expect(whatsAppTo(patient.phone).map((request) => (request.body as { template: { name: string } }).template.name)).toEqual(['caredesk_reminder']);
    await atTime(new Date(slot - 2 * 3600_000 + 1000), drain);
    expect(whatsAppTo(patient.phone)).toHaveLength(2);
    expect(smsTo(patient.phone).filter((request) => (request.body as { template_id: string }).template_id === TEST_SMS_TEMPLATES.reminder)).toHaveLength(2);
  });

  it('moves the reminders with a reschedule and never reminds a cancelled visit', async () => {
    const { worker, patient, book } = await clinic();
    const visitId = await book(daysFromToday(3), '09:00');
    await drain();
    const moved = await worker.post(`/api/appointments/${visitId}/reschedule`, { date: daysFromToday(4), startTime: '11:00' });
    expect(moved.statusCode).toBe(200);
    await drain();
    const rows = await rowsOf(visitId);
    const newSlot = new Date(`${daysFromToday(4)}T11:00:00+05:30`).getTime();
    const reminders = rows.filter((row) => row.event === 'reminder');
    expect(reminders.filter((row) => row.status === 'CANCELLED').map((row) => row.failureReason)).toEqual(['The visit moved', 'The visit moved']);
    expect(
      reminders
        .filter((row) => row.status === 'SCHEDULED')
        .map((row) => row.dueAt.getTime())
        .sort(),
    ).toEqual([newSlot - 24 * 3600_000, newSlot - 2 * 3600_000]);
    expect(
      rows
        .filter((row) => row.event === 'rescheduled')
        .map((row) => row.status)
        .sort(),
    ).toEqual(['SENT', 'SENT']);

    const cancelled = await worker.post(`/api/appointments/${visitId}/actions/cancel`, { reason: 'Doctor on leave' });
    expect(cancelled.statusCode).toBe(200);
    await drain();
    const after = await rowsOf(visitId);
    expect(after.filter((row) => row.event === 'reminder' && row.status === 'SCHEDULED')).toEqual([]);
    const cancellation = after.find((row) => row.event === 'cancelled' && row.channel === 'WHATSAPP')!;
    expect(cancellation.status).toBe('SENT');
    expect(cancellation.text).toContain('Doctor on leave');
    t.whatsapp.requests.length = 0;
    await atTime(new Date(newSlot - 2 * 3600_000 + 1000), drain);
    expect(whatsAppTo(patient.phone)).toEqual([]);
  });

  it("says a leave cancellation in the patient's language, and a typed reason as typed", async () => {
    const { admin, worker, book } = await clinic();
    const hindi = await addPatient(admin, { name: 'Sunita Verma', messageConsent: true, messageLanguage: 'hi' });
    const english = await book(daysFromToday(5), '09:00');
    const inHindi = await book(daysFromToday(5), '09:30', hindi.id);
    const typed = await book(daysFromToday(5), '10:00');
    for (const visitId of [english, inHindi]) expect((await worker.post(`/api/appointments/${visitId}/actions/cancel`, { reason: CANCELLED_FOR_LEAVE })).statusCode).toBe(200);
    expect((await worker.post(`/api/appointments/${typed}/actions/cancel`, { reason: 'The clinic is closed for Diwali' })).statusCode).toBe(200);
    await drain();
    const textOf = async (visitId: string) => (await rowsOf(visitId)).find((row) => row.event === 'cancelled' && row.channel === 'SMS')!.text;
    expect(await textOf(english)).toMatch(/is cancelled\. Reason: the doctor is on leave that day\. Please contact us to book again\.$/);
    expect(await textOf(inHindi)).toContain('डॉक्टर उस दिन छुट्टी पर हैं');
    expect(await textOf(inHindi)).not.toContain(CANCELLED_FOR_LEAVE);
    expect(await textOf(typed)).toContain('is cancelled. Reason: The clinic is closed for Diwali.');
  });

  it('sends nothing without consent, and says why', async () => {
    const { admin, book } = await clinic({}, false);
    const visitId = await book(daysFromToday(3), '09:00');
    await drain();
    const booked = await messageLog(admin, { visitId, event: 'booked' });
    expect(booked.map((m) => [m.channel, m.status, m.failureReason]).sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual(
      [
        ['SMS', 'SKIPPED', 'The patient has not agreed to messages'],
        ['WHATSAPP', 'SKIPPED', 'The patient has not agreed to messages'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)) as never,
    );
    expect(t.whatsapp.requests).toEqual([]);
    expect(booked.every((m) => m.costPaise === 0)).toBe(true);
  });

  it('skips WhatsApp without the add-on (SMS still goes) and refuses what the wallet cannot pay', async () => {
    const noAddon = await clinic({ addon: false });
    const visitId = await noAddon.book(daysFromToday(3), '09:00');
    await drain();
    const log = await messageLog(noAddon.admin, { visitId, event: 'booked' });
    expect(log.find((m) => m.channel === 'WHATSAPP')).toMatchObject({ status: 'SKIPPED', failureReason: 'The WhatsApp add-on is not active (Plan)', costPaise: 0 });
    expect(log.find((m) => m.channel === 'SMS')).toMatchObject({ status: 'SENT', costPaise: SMS_PRICE });

    const broke = await clinic({ rupees: 0 });
    const brokeVisit = await broke.book(daysFromToday(3), '09:00');
    await drain();
    const refused = await messageLog(broke.admin, { visitId: brokeVisit, event: 'booked' });
    expect(refused.map((m) => [m.status, m.failureReason])).toEqual([
      ['SKIPPED', 'The wallet balance is too low to pay for it'],
      ['SKIPPED', 'The wallet balance is too low to pay for it'],
    ]);
    expect(whatsAppTo(broke.patient.phone)).toEqual([]);
    expect(await balancePaise(t.db, broke.org.id)).toBe(0);
  });

  it('tells the admins once when the wallet falls under ₹100', async () => {
    const { org, book } = await clinic({ rupees: 100 });
    await book(daysFromToday(3), '09:00');
    await drain();
    await book(daysFromToday(3), '09:15');
    await drain();
    const warnings = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organisationId, org.id), eq(notifications.type, 'wallet-low')));
    expect(warnings.map((row) => row.recipientStaffId)).toEqual([org.admin.id]);
    expect(warnings[0]!.message).toMatch(/^₹99\.(50|75) left\./);
  });

  it('tells each admin of a low wallet in their own language', async () => {
    const { org, admin, book } = await clinic({ rupees: 100 });
    expect((await admin.patch('/api/account', { language: 'hi' })).statusCode).toBe(200);
    const [english] = await t.db
      .insert(staff)
      .values({ organisationId: org.id, name: 'Esha Admin', email: uniqueEmail('admin'), role: 'ADMIN', passwordHash: 'not-used' })
      .returning({ id: staff.id });
    await book(daysFromToday(3), '09:00');
    await drain();
    const warnings = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organisationId, org.id), eq(notifications.type, 'wallet-low')));
    const balance = warnings.find((row) => row.recipientStaffId === english!.id)?.message.split(' ')[0];
    expect(balance).toMatch(/^₹99\.(50|75)$/);
    expect(Object.fromEntries(warnings.map((row) => [row.recipientStaffId, [row.title, row.message]]))).toEqual({
      [org.admin.id]: ['वॉलेट में बैलेंस कम है', `${balance} बचे हैं। वॉलेट से भुगतान न हो पाने पर मरीज़ों को संदेश जाने बंद हो जाएंगे: वॉलेट रिचार्ज करें।`],
      [english!.id]: ['Wallet running low', `${balance} left. Messages to patients stop when the wallet cannot pay for them: recharge the wallet.`],
    });
  });

  it('retries a provider error with backoff, gives up on a refusal and refunds it', async () => {
    const { org, admin, patient, book } = await clinic({ settings: { events: { booked: { WHATSAPP: true, SMS: false } } } });
    t.whatsapp.failNext(503, { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } });
    const visitId = await book(daysFromToday(3), '09:00');
    await drain();
    const [waiting] = await messageLog(admin, { visitId, event: 'booked' });
    expect(waiting!.status).toBe('SENDING');
    expect(waiting!.timeline.at(-1)!.detail).toMatch(/^Retry in 60 s: /);
    await drain();
    expect(whatsAppTo(patient.phone)).toHaveLength(1);
    await atTime(new Date(Date.now() + 61_000), drain);
    expect(whatsAppTo(patient.phone)).toHaveLength(2);
    const [sent] = await messageLog(admin, { visitId, event: 'booked' });
    expect(sent).toMatchObject({ status: 'SENT', attempts: 2, costPaise: WHATSAPP_PRICE });

    t.whatsapp.failNext(400, { error: { message: '(#132001) Template name does not exist in the translation', type: 'OAuthException', code: 132001 } });
    const refusedVisit = await book(daysFromToday(3), '09:30');
    await drain();
    const [refused] = await messageLog(admin, { visitId: refusedVisit, event: 'booked' });
    expect(refused).toMatchObject({ status: 'FAILED', costPaise: 0 });
    expect(refused!.failureReason).toContain('132001');
    expect(await balancePaise(t.db, org.id)).toBe(100_000 - WHATSAPP_PRICE);
    const refunds = await t.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.organisationId, org.id), eq(walletEntries.messageId, refused!.id)));
    expect(refunds.map((entry) => entry.kind).sort()).toEqual(['CREDIT', 'DEBIT']);

    // Retry from the console: owed again, charged again, sent.
    const retried = await admin.post(`/api/messages/${refused!.id}/retry`, {});
    expect(retried.statusCode).toBe(200);
    await drain();
    const [again] = await messageLog(admin, { visitId: refusedVisit, event: 'booked' });
    expect(again).toMatchObject({ status: 'SENT', costPaise: WHATSAPP_PRICE });
    expect((await admin.post(`/api/messages/${again!.id}/retry`, {})).statusCode).toBe(409);
  });

  describe('in the waiting room at 10:30 IST', () => {
    pinClockAt(MID_MORNING);

    it('holds messages for quiet hours but not queue calls: the called patient is being served, the next in line is next', async () => {
      const { org, admin, worker, patient, book } = await clinic({ settings: { quietHours: { start: '10:00', end: '11:00' }, nextAheadCount: 1 } });
      const later = await book(daysFromToday(3), '09:00');
      await drain();
      const [held] = (await rowsOf(later)).filter((row) => row.event === 'booked' && row.channel === 'WHATSAPP');
      expect(held!.status).toBe('SCHEDULED');
      expect(held!.timeline.at(-1)!.detail).toBe('Held for quiet hours until 11:00');
      expect(held!.nextAttemptAt.toISOString()).toBe(new Date(`${indiaDate()}T11:00:00+05:30`).toISOString());
      expect(whatsAppTo(patient.phone)).toEqual([]);

      // Two patients booked for today (from midnight, so no slot has passed), both checked in.
      const doctor = await addDoctor(admin, {
        name: 'Dr. Sunil Rao',
        tokenPrefix: 'A',
        room: 'Room 12, 2nd floor',
        availability: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:45' })),
      });
      const second = await addPatient(admin, { name: 'Kavya Iyer', messageConsent: true });
      const midnight = new Date(`${indiaDate()}T00:00:00+05:30`);
      const ids: string[] = [];
      for (const [patientId, startTime] of [
        [patient.id, '08:00'],
        [second.id, '09:00'],
      ] as const) {
        ids.push(
          await bookVisit(
            t.db,
            appointmentKind,
            { organisationId: org.id, staffId: org.admin.id },
            { doctorId: doctor.id, patientId, date: indiaDate(), startTime, source: 'CONSOLE' },
            { now: midnight },
          ),
        );
      }
      for (const id of ids) expect((await worker.post(`/api/appointments/${id}/actions/check-in`, {})).statusCode).toBe(200);
      await drain();
      expect((await worker.post(`/api/tokens/doctors/${doctor.id}/actions/call-next`, {})).statusCode).toBe(200);
      await drain();

      const serving = await messageLog(admin, { visitId: ids[0]!, event: 'serving' });
      expect(serving.map((m) => m.status).sort()).toEqual(['SENT', 'SENT']);
      // The patient is sent to the doctor's room, in the text and in the template's room variable.
      expect(serving.map((m) => m.text)).toEqual(Array(2).fill('Hello Rohan Deshpande, token A-001 is now being served by Dr. Sunil Rao in Room 12, 2nd floor. Please go in.'));
      const servingTemplate = whatsAppTo(patient.phone).find((request) => (request.body as { template: { name: string } }).template.name === 'caredesk_serving');
      expect((servingTemplate!.body as { template: { components: { parameters: { text: string }[] }[] } }).template.components[0]!.parameters.at(-1)!.text).toBe(
        'Room 12, 2nd floor',
      );
      const next = await messageLog(admin, { visitId: ids[1]!, event: 'next' });
      expect(next).toHaveLength(1);
      expect(next[0]).toMatchObject({ channel: 'WHATSAPP', status: 'SENT', patientName: 'Kavya Iyer' });
      expect(next[0]!.text).toContain('1 patient');
      // The first in line heard 'you are next' when they checked in with no one ahead.
      const names = () => whatsAppTo(patient.phone).map((request) => (request.body as { template: { name: string } }).template.name);
      expect(names()).toEqual(['caredesk_next', 'caredesk_serving']);
      expect((await messageLog(admin, { visitId: ids[0]!, event: 'next' }))[0]!.text).toContain('no one ahead of token A-001');

      // At 11:00 the held confirmation goes.
      await atTime(new Date(`${indiaDate()}T11:00:01+05:30`), drain);
      expect(names()).toEqual(['caredesk_next', 'caredesk_serving', 'caredesk_booked']);
    });
  });

  it('lists, filters and exports the log for its organisation only', async () => {
    const { admin, worker, book } = await clinic();
    const visitId = await book(daysFromToday(3), '09:00');
    await drain();
    const all = await messageLog(admin, { visitId });
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect((await messageLog(admin, { visitId, channel: 'SMS' })).every((m: MessageLogItem) => m.channel === 'SMS')).toBe(true);
    expect((await messageLog(admin, { visitId, status: 'SCHEDULED' })).every((m) => m.event === 'reminder')).toBe(true);
    // A worker who sees patients reads the log too; only admins retry.
    expect((await worker.get(`/api/messages?visitId=${visitId}`)).statusCode).toBe(200);

    const csv = await admin.get(`/api/messages/export.csv?visitId=${visitId}&event=booked`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Booking confirmed');
    expect(csv.body.split('\n').filter((line) => line.trim()).length).toBe(3);

    const other = await clinic();
    expect(await messageLog(other.admin, { visitId })).toEqual([]);
    expect((await other.admin.post(`/api/messages/${all[0]!.id}/retry`, {})).statusCode).toBe(404);
    expect((await admin.get('/api/messages?status=LOST')).json()).toMatchObject({ statusCode: 400 });
  });
});
