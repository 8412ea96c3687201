import { defaultMessageTemplates, localDateTimeToInstant, type MessageLanguage } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.js';
import { waitlistEntries } from '../../db/schema/index.js';
import { createTestDatabase, drivers } from '../../test/database.js';
import { startFakeMsg91, type FakeMsg91 } from '../../test/fake-msg91.js';
import { startFakeWhatsApp, type FakeWhatsApp } from '../../test/fake-whatsapp.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, staffClients } from '../../test/fixtures.js';
import { createPatientMessages, type PatientMessages } from './index.js';
import { renderMessage } from './render.js';
import { messageLog, messagesApp, providerConfig, readyToMessage, TEST_SMS_TEMPLATES } from './test-support.js';

/** The DLT template an organisation registers for the offer: seven variables, as the English text uses them. */
const OFFER_SMS_TEMPLATE = 'CDWAITOF01';
const PUBLIC_URL = 'https://care.example.in';

interface TemplateBody {
  to: string;
  type: string;
  template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };
}
interface FlowBody {
  template_id: string;
  recipients: (Record<string, string> & { mobiles: string })[];
}

/** The slot's date and time as a message in that language writes them (the organisation's zone). */
function slotWhen(language: MessageLanguage, at: Date): { date: string; time: string } {
  const locale = `${language}-IN`;
  return {
    date: new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Kolkata', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(at),
    time: new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit', hour12: true }).format(at),
  };
}

/** Quiet hours around the organisation's now: anything they hold waits. */
function quietNow(): { start: string; end: string } {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  const at = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
  return { start: at(hour - 1), end: at(hour + 2) };
}

describe.each(drivers)('a waitlist offer sent to the patient (%s)', (driver) => {
  let whatsapp: FakeWhatsApp;
  let sms: FakeMsg91;
  let database: Database;
  let app: FastifyInstance;
  // The hook the waitlist calls in its offer's transaction: built as buildApp builds it, on the app's bus.
  let messages: PatientMessages;
  beforeAll(async () => {
    whatsapp = await startFakeWhatsApp();
    sms = await startFakeMsg91({ templates: { [OFFER_SMS_TEMPLATE]: 7, [TEST_SMS_TEMPLATES.booked]: 9 } });
    database = await createTestDatabase(driver);
    const config = providerConfig(whatsapp, sms, { PUBLIC_URL });
    app = await messagesApp(database, config);
    messages = createPatientMessages({ db: database.db as Db, config, events: app.events, log: app.log }, { pollIntervalMs: 60 * 60_000 });
  });
  afterEach(() => {
    whatsapp.requests.length = 0;
    sms.requests.length = 0;
  });
  afterAll(async () => {
    await messages.sender.stop();
    await messages.changes.stop();
    await app.close();
    await database.close();
    await whatsapp.close();
    await sms.close();
  });

  const db = () => database.db as Db;
  const whatsAppTo = (phone: string) => whatsapp.requests.map((request) => request.body as TemplateBody).filter((body) => body.to === phone.slice(1));
  const smsTo = (phone: string) => sms.requests.map((request) => request.body as FlowBody).filter((body) => body.recipients[0]!.mobiles === phone.slice(1));

  async function clinic(settings: Parameters<typeof readyToMessage>[2] = {}) {
    const org = await createOrganisation(db());
    await readyToMessage(db(), org.id, settings);
    const { admin } = await staffClients(app, org);
    const doctor = await addDoctor(admin, { name: 'Dr. Meera Iyer' });
    return { org, admin, doctor };
  }

  /** An entry offered the 10:30 place tomorrow, held 30 minutes and a half from now, as the waitlist writes it. */
  async function offered(organisationId: string, ownerId: string, patientId: string) {
    const offeredAt = new Date();
    const date = daysFromToday(1);
    const [entry] = await db()
      .insert(waitlistEntries)
      .values({
        organisationId,
        kind: 'appointment',
        ownerId,
        date,
        patientId,
        status: 'OFFERED',
        offeredStart: '10:30',
        offeredAt,
        offerExpiresAt: new Date(offeredAt.getTime() + 30.5 * 60_000),
      })
      .returning({ id: waitlistEntries.id });
    const offer = { organisationId, patientId, entryId: entry!.id, offeredAt };
    return { offer, slotAt: localDateTimeToInstant('Asia/Kolkata', date, '10:30') };
  }

  it('tells the patient of the held place once, by WhatsApp and SMS: the doctor, the slot, the minutes left and the link', async () => {
    const { org, admin, doctor } = await clinic({
      settings: { events: { 'waitlist-offer': { WHATSAPP: true, SMS: true } }, smsTemplateIds: { ...TEST_SMS_TEMPLATES, 'waitlist-offer': OFFER_SMS_TEMPLATE } },
    });
    const patient = await addPatient(admin, { name: 'Kavya Nair', messageConsent: true });
    const { offer, slotAt } = await offered(org.id, doctor.id, patient.id);

    // The offer's transaction owes it; a retried offer, or the hook run twice, owes nothing more.
    await db().transaction(async (tx) => {
      await messages.onWaitlistOffer(tx, offer);
      await messages.onWaitlistOffer(tx, offer);
    });
    await db().transaction((tx) => messages.onWaitlistOffer(tx, offer));
    await app.patientMessages.drain();

    const [template, ...moreTemplates] = whatsAppTo(patient.phone);
    expect(moreTemplates).toEqual([]);
    expect(template).toMatchObject({ type: 'template', template: { name: 'caredesk_waitlist_offer', language: { code: 'en' } } });
    const when = slotWhen('en', slotAt);
    // In the order the English text first uses them: patient, with, organisation, date, time, minutes, link.
    const parameters = template!.template.components[0]!.parameters.map((parameter) => parameter.text);
    expect(parameters).toEqual(['Kavya Nair', 'Dr. Meera Iyer', org.name, when.date, when.time, '30', `${PUBLIC_URL}/p/waitlist`]);

    const [flow, ...moreFlows] = smsTo(patient.phone);
    expect(moreFlows).toEqual([]);
    expect(flow?.template_id).toBe(OFFER_SMS_TEMPLATE);
    const { mobiles: _mobiles, ...variables } = flow!.recipients[0]!;
    expect(variables).toEqual(Object.fromEntries(parameters.map((value, index) => [`VAR${index + 1}`, value])));

    const logged = await messageLog(admin, { patientId: patient.id, event: 'waitlist-offer' });
    expect(logged.map((message) => [message.channel, message.status]).sort()).toEqual([
      ['SMS', 'SENT'],
      ['WHATSAPP', 'SENT'],
    ]);
    expect(logged[0]!.text).toBe(
      `Hello Kavya Nair, a place has opened with Dr. Meera Iyer at ${org.name} on ${when.date} at ${when.time}. It is held for you for 30 minutes. ` +
        `To take it, open ${PUBLIC_URL}/p/waitlist or call the desk. After that it goes to the next patient waiting.`,
    );
    // The link carries no patient data.
    expect(parameters[6]).not.toContain(patient.id);

    // Draining again sends nothing twice.
    await app.patientMessages.drain();
    expect(whatsAppTo(patient.phone)).toHaveLength(1);
  });

  it('cancels, unsent, an offer that no longer stands by the time it would go', async () => {
    const { org, admin, doctor } = await clinic();
    const other = await clinic();
    const owe = async (offer: Parameters<PatientMessages['onWaitlistOffer']>[1]) => db().transaction((tx) => messages.onWaitlistOffer(tx, offer));

    // Taken (booked) before the message went.
    const booked = await addPatient(admin, { messageConsent: true });
    const taken = await offered(org.id, doctor.id, booked.id);
    await owe(taken.offer);
    await db().update(waitlistEntries).set({ status: 'BOOKED', closedAt: new Date() }).where(eq(waitlistEntries.id, taken.offer.entryId));
    // The hold ran out while the message waited.
    const late = await addPatient(admin, { messageConsent: true });
    const lapsing = await offered(org.id, doctor.id, late.id);
    await owe(lapsing.offer);
    await db()
      .update(waitlistEntries)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(waitlistEntries.id, lapsing.offer.entryId));
    // Offered again since: the message of the first offer tells of a hold that is no more.
    const again = await addPatient(admin, { messageConsent: true });
    const reoffered = await offered(org.id, doctor.id, again.id);
    await owe(reoffered.offer);
    await db()
      .update(waitlistEntries)
      .set({ offeredAt: new Date(reoffered.offer.offeredAt.getTime() + 60_000) })
      .where(eq(waitlistEntries.id, reoffered.offer.entryId));
    // Another organisation's entry, named by this one's message.
    const stranger = await addPatient(admin, { messageConsent: true });
    const elsewhere = await offered(other.org.id, other.doctor.id, (await addPatient(other.admin, { messageConsent: true })).id);
    await owe({ ...elsewhere.offer, organisationId: org.id, patientId: stranger.id });

    await app.patientMessages.drain();
    for (const patient of [booked, late, again, stranger]) {
      expect(whatsAppTo(patient.phone)).toEqual([]);
      const [message, ...more] = await messageLog(admin, { patientId: patient.id, event: 'waitlist-offer' });
      expect(more).toEqual([]);
      expect(message).toMatchObject({ channel: 'WHATSAPP', status: 'CANCELLED', failureReason: 'The place is no longer held', costPaise: 0 });
    }
  });

  it('is not held by quiet hours, which hold a booking confirmation meanwhile', async () => {
    const { org, admin, doctor } = await clinic({ settings: { quietHours: quietNow() } });
    const patient = await addPatient(admin, { name: 'Ravi Menon', messageConsent: true });
    const { offer } = await offered(org.id, doctor.id, patient.id);
    await db().transaction((tx) => messages.onWaitlistOffer(tx, offer));
    const visit = await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: daysFromToday(3), startTime: '10:00' });
    expect(visit.statusCode, visit.body).toBe(201);
    await app.patientMessages.drain();

    expect(whatsAppTo(patient.phone).map((body) => body.template.name)).toEqual(['caredesk_waitlist_offer']);
    const [offerMessage] = await messageLog(admin, { patientId: patient.id, event: 'waitlist-offer' });
    expect(offerMessage).toMatchObject({ status: 'SENT' });
    const [confirmation] = await messageLog(admin, { patientId: patient.id, event: 'booked', channel: 'WHATSAPP' });
    expect(confirmation).toMatchObject({ status: 'SCHEDULED' });
  });

  it('speaks Hindi to a Hindi patient, with the slot in Hindi words', async () => {
    const { org, admin, doctor } = await clinic();
    const patient = await addPatient(admin, { name: 'सुनीता शर्मा', messageConsent: true, messageLanguage: 'hi' });
    const { offer, slotAt } = await offered(org.id, doctor.id, patient.id);
    await db().transaction((tx) => messages.onWaitlistOffer(tx, offer));
    await app.patientMessages.drain();

    const [template] = whatsAppTo(patient.phone);
    expect(template?.template).toMatchObject({ name: 'caredesk_waitlist_offer', language: { code: 'hi' } });
    const when = slotWhen('hi', slotAt);
    const [logged] = await messageLog(admin, { patientId: patient.id, event: 'waitlist-offer' });
    expect(logged).toMatchObject({ language: 'hi', status: 'SENT' });
    expect(logged!.text).toBe(
      `नमस्ते सुनीता शर्मा जी, ${org.name} में Dr. Meera Iyer के साथ ${when.date} को ${when.time} बजे एक जगह खाली हुई है। यह 30 मिनट तक आपके लिए रखी गई है। ` +
        `इसे लेने के लिए ${PUBLIC_URL}/p/waitlist खोलें या डेस्क को फ़ोन करें। उसके बाद यह प्रतीक्षा सूची के अगले मरीज़ को दी जाएगी।`,
    );
  });
});

describe('the offer’s text without a public address', () => {
  it('sends the patient to the app by name, in their language', () => {
    const render = (language: MessageLanguage) =>
      renderMessage({
        event: 'waitlist-offer',
        language,
        template: defaultMessageTemplates['waitlist-offer'][language],
        timeZone: 'Asia/Kolkata',
        patientName: 'Kavya Nair',
        organisation: { name: 'Lotus Clinic', address: null, city: null },
        context: {},
        waitlist: { ownerName: 'Dr. Meera Iyer', facilityName: null, facilityAddress: null, slotAt: new Date('2026-12-03T05:00:00Z'), minutesLeft: 12, link: undefined },
      }).text;
    expect(render('en')).toContain('held for you for 12 minutes. To take it, open the CareDesk app or call the desk.');
    expect(render('hi')).toContain('इसे लेने के लिए CareDesk ऐप खोलें');
    const when = slotWhen('en', new Date('2026-12-03T05:00:00Z'));
    expect(when.time).toBe('10:30 am');
    expect(render('en')).toContain(`on ${when.date} at ${when.time}.`);
  });
});
