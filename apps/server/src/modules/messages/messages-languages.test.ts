import { CANCELLED_FOR_LEAVE, defaultMessageTemplates, tokenLabel, whatsAppTemplateOf, type MessageLanguage } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, staffClients } from '../../test/fixtures.js';
import { signInPatient } from '../patient-api/test-support.js';
import { messageLog, readyToMessage, TEST_SMS_TEMPLATES, useProviderApp } from './test-support.js';

interface TemplateBody {
  to: string;
  template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };
}
interface Msg91Body {
  template_id: string;
  recipients: (Record<string, string> & { mobiles: string })[];
}

/** The visit's date and time as a message in that language writes them (the organisation's zone). */
function visitWhen(language: MessageLanguage, date: string, time: string): { date: string; time: string } {
  const at = new Date(`${date}T${time}:00+05:30`);
  const locale = `${language}-IN`;
  return {
    date: new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Kolkata', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(at),
    time: new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit', hour12: true }).format(at),
  };
}

describe.each(drivers)("messages in the patient's Kannada or Tamil (%s)", (driver) => {
  const t = useProviderApp(driver, { msg91Templates: { CDBOOKED01: 9, CDCANCEL01: 6 } });

  async function clinic(settings: Parameters<typeof readyToMessage>[2] = {}) {
    const org = await createOrganisation(t.db);
    await readyToMessage(t.db, org.id, settings);
    const { admin, worker } = await staffClients(t.app, org);
    const doctor = await addDoctor(admin, { name: 'Dr. Lakshmi Narayan' });
    const book = async (patientId: string, date: string, startTime: string) => {
      const response = await worker.post('/api/appointments', { doctorId: doctor.id, patientId, date, startTime });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string; tokenNumber: number }>();
    };
    return { org, admin, worker, book };
  }
  const whatsAppTo = (phone: string) => t.whatsapp.requests.map((request) => request.body as TemplateBody).filter((body) => body.to === phone.slice(1));
  const smsTo = (phone: string) => t.sms.requests.map((request) => request.body as Msg91Body).filter((body) => body.recipients[0]!.mobiles === phone.slice(1));

  it('sends a Kannada patient the kn template (same name, language code kn), its parameters in order, and the same values as the DLT variables', async () => {
    const { admin, book } = await clinic();
    const patient = await addPatient(admin, { name: 'Kavya Gowda', messageConsent: true, messageLanguage: 'kn' });
    const date = daysFromToday(3);
    const visit = await book(patient.id, date, '10:30');
    await t.drain();

    const [whatsapp] = whatsAppTo(patient.phone);
    expect(whatsapp?.template.name).toBe('caredesk_booked');
    expect(whatsapp?.template.language.code).toBe('kn');
    const parameters = whatsapp!.template.components[0]!.parameters.map((parameter) => parameter.text);
    // The numbers of the Kannada body as registered: the variables in the order the text first uses them.
    const order = whatsAppTemplateOf('booked', defaultMessageTemplates.booked.kn).variables;
    expect(order).toEqual(['patient', 'organisation', 'with', 'date', 'time', 'token', 'facility', 'address', 'map']);
    expect(parameters).toHaveLength(order.length);
    const when = visitWhen('kn', date, '10:30');
    expect(parameters[0]).toBe('Kavya Gowda');
    expect(parameters[2]).toBe('Dr. Lakshmi Narayan');
    expect(parameters[3]).toBe(when.date);
    expect(parameters[3]).toMatch(/[\u0C80-\u0CFF]/);
    expect(parameters[4]).toBe(when.time);
    expect(parameters[5]).toBe(tokenLabel(visit.tokenNumber));

    const [sms] = smsTo(patient.phone);
    expect(sms?.template_id).toBe(TEST_SMS_TEMPLATES.booked);
    const { mobiles: _mobiles, ...vars } = sms!.recipients[0]!;
    expect(vars).toEqual(Object.fromEntries(parameters.map((value, index) => [`VAR${index + 1}`, value])));

    const [logged] = await messageLog(admin, { patientId: patient.id, event: 'booked', channel: 'WHATSAPP' });
    expect(logged).toMatchObject({ language: 'kn', status: 'SENT' });
    // The text the log keeps is the shipped Kannada text with those values (an empty one, sent as '-', left out).
    const valueOf = (name: string) => parameters[order.indexOf(name as never)]!.replace(/^-$/, '');
    expect(logged!.text).toBe(
      defaultMessageTemplates.booked.kn
        .replace(/\{\{(\w+)\}\}/g, (_match, name: string) => valueOf(name))
        .replace(/[ \t]{2,}/g, ' ')
        .trim(),
    );
  });

  it('follows the language a patient chose in the app: Tamil, code ta, a leave cancellation’s reason in Tamil', async () => {
    const { admin, worker, book } = await clinic();
    const app = await signInPatient({ app: t.app, database: t.database, close: () => Promise.resolve() });
    const patient = await addPatient(admin, { name: 'Murugan Selvam', phone: app.phone, messageConsent: true });
    expect((await app.patch('/api/patient/account', { language: 'ta' })).statusCode).toBe(200);
    const visit = await book(patient.id, daysFromToday(4), '09:00');
    // Sent before the cancel: a booking message still owed when its visit is cancelled is not sent.
    await t.drain();
    expect((await worker.post(`/api/appointments/${visit.id}/actions/cancel`, { reason: CANCELLED_FOR_LEAVE })).statusCode).toBe(200);
    await t.drain();

    const sent = whatsAppTo(patient.phone);
    expect(sent.map((body) => [body.template.name, body.template.language.code])).toEqual([
      ['caredesk_booked', 'ta'],
      ['caredesk_cancelled', 'ta'],
    ]);
    const cancelled = sent[1]!.template.components[0]!.parameters.map((parameter) => parameter.text);
    // patient, organisation, with, date, time, reason: the doctor's leave in Tamil words.
    expect(cancelled[0]).toBe('Murugan Selvam');
    expect(cancelled[3]).toBe(visitWhen('ta', daysFromToday(4), '09:00').date);
    expect(cancelled[5]).toBe('அன்று மருத்துவர் விடுப்பில் இருக்கிறார்');
    const [text] = smsTo(patient.phone).filter((body) => body.template_id === TEST_SMS_TEMPLATES.cancelled);
    expect(text?.recipients[0]).toMatchObject({ VAR1: 'Murugan Selvam', VAR6: 'அன்று மருத்துவர் விடுப்பில் இருக்கிறார்' });
  });

  it("writes to a patient with no language of their own in the organisation's default", async () => {
    const { admin, book } = await clinic({ settings: { defaultLanguage: 'kn' } });
    const patient = await addPatient(admin, { name: 'Ravi Kumar', messageConsent: true });
    await book(patient.id, daysFromToday(2), '11:00');
    await t.drain();
    expect(whatsAppTo(patient.phone).map((body) => body.template.language.code)).toEqual(['kn']);
    const [logged] = await messageLog(admin, { patientId: patient.id, event: 'booked', channel: 'SMS' });
    expect(logged).toMatchObject({ language: 'kn' });
    expect(logged!.text).toMatch(/^ನಮಸ್ಕಾರ Ravi Kumar ಅವರೇ,/);
  });
});
