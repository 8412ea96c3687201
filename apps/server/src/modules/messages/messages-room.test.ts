import { defaultMessageTemplates, type MessageLanguage } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addFacility, addPatient, addScan, createOrganisation, daysFromToday, staffClients, type ApiClient } from '../../test/fixtures.js';
import { renderMessage } from './render.js';
import { visitFacts, type VisitFacts } from './visit-facts.js';

/** The shipped 'now being served' text for a visit, as the sender renders it. */
function servingText(visit: VisitFacts | undefined, language: MessageLanguage = 'en'): string {
  return renderMessage({
    event: 'serving',
    language,
    template: defaultMessageTemplates.serving[language],
    timeZone: 'Asia/Kolkata',
    patientName: 'Rohan Deshpande',
    organisation: { name: 'Arogya Hospitals', address: null, city: null },
    visit,
    context: {},
  }).text;
}

const visit = (overrides: Partial<VisitFacts>): VisitFacts => ({
  status: 'IN_CONSULTATION',
  awaitingConfirmation: false,
  slotAt: new Date('2026-11-24T04:30:00.000Z'),
  date: '2026-11-24',
  startTime: '10:00',
  tokenNumber: 7,
  tokenPrefix: 'A',
  ownerName: 'Dr. Meera Joshi',
  room: null,
  facilityName: null,
  facilityAddress: null,
  cancelReason: null,
  checkedInAt: null,
  calledAt: null,
  reportUploadId: null,
  patientId: '00000000-0000-4000-8000-000000000001',
  phone: '+919876543210',
  ...overrides,
});

describe('the room a called patient is sent to', () => {
  it("is the doctor's (scan's) room, else the visit's facility, else the shipped words", () => {
    expect(servingText(visit({ room: 'Room 12, 2nd floor', facilityName: 'Arogya Jayanagar' }))).toBe(
      'Hello Rohan Deshpande, token A-007 is now being served by Dr. Meera Joshi in Room 12, 2nd floor. Please go in.',
    );
    expect(servingText(visit({ facilityName: 'Arogya Jayanagar' }))).toBe(
      'Hello Rohan Deshpande, token A-007 is now being served by Dr. Meera Joshi in Arogya Jayanagar. Please go in.',
    );
    // An empty room (a client that sent '') is no room.
    expect(servingText(visit({ room: '', facilityName: 'Arogya Jayanagar' }))).toContain('in Arogya Jayanagar.');
    expect(servingText(visit({}))).toContain('in the consultation room.');
    expect(servingText(visit({}), 'hi')).toContain('अब परामर्श कक्ष में');
    expect(servingText(visit({ room: 'कक्ष 4' }), 'hi')).toContain('अब कक्ष 4 में');
  });
});

describe.each(drivers)('the room in a visit’s message facts (%s)', (driver) => {
  const t = useTestApp(driver);
  let admin: ApiClient;
  let worker: ApiClient;
  let facility: { id: string; name: string };
  let patientId: string;

  beforeAll(async () => {
    const org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    ({ admin, worker } = await staffClients(t.app, org));
    facility = await addFacility(t.database.db, org.id, 'Arogya Jayanagar');
    patientId = (await addPatient(admin)).id;
  });

  const book = async (path: '/api/appointments' | '/api/bookings', owner: Record<string, string>) => {
    const response = await worker.post(path, { ...owner, patientId, date: daysFromToday(3), startTime: '09:00' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };

  it("reads the doctor's room, or falls back to the facility's name", async () => {
    const withRoom = await addDoctor(admin, { name: 'Dr. Sunil Rao', facilityId: facility.id, room: 'Room 4, ground floor' });
    const withoutRoom = await addDoctor(admin, { name: 'Dr. Asha Kulkarni', facilityId: facility.id });

    const roomFacts = await visitFacts(t.database.db, 'appointment', await book('/api/appointments', { doctorId: withRoom.id }));
    expect(roomFacts).toMatchObject({ room: 'Room 4, ground floor', facilityName: 'Arogya Jayanagar' });
    expect(servingText(roomFacts)).toContain('by Dr. Sunil Rao in Room 4, ground floor.');

    const facilityFacts = await visitFacts(t.database.db, 'appointment', await book('/api/appointments', { doctorId: withoutRoom.id }));
    expect(facilityFacts).toMatchObject({ room: null, facilityName: 'Arogya Jayanagar' });
    expect(servingText(facilityFacts)).toContain('by Dr. Asha Kulkarni in Arogya Jayanagar.');
  });

  it("reads a scan's room for its bookings, and the room as it is when the message is sent", async () => {
    const scan = await addScan(admin, { name: 'CT Chest', category: 'CT', facilityId: facility.id, room: 'CT room, ground floor' });
    const bookingId = await book('/api/bookings', { serviceId: scan.id });
    expect(servingText(await visitFacts(t.database.db, 'booking', bookingId))).toContain('by CT Chest in CT room, ground floor.');

    expect((await admin.patch(`/api/services/${scan.id}`, { room: 'Radiology, 1st floor' })).statusCode).toBe(200);
    expect(servingText(await visitFacts(t.database.db, 'booking', bookingId))).toContain('in Radiology, 1st floor.');
    expect((await admin.patch(`/api/services/${scan.id}`, { room: null })).statusCode).toBe(200);
    expect(servingText(await visitFacts(t.database.db, 'booking', bookingId))).toContain('in Arogya Jayanagar.');
  });
});
