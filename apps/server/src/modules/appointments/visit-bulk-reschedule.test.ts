import type { BulkRescheduleResult, ErrorBody, HistoryEntry } from '@caredesk/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.js';
import { translate } from '../../lib/i18n/index.js';
import { useTestApp } from '../../test/app.js';
import { bothDrivers, drivers } from '../../test/database.js';
import { addDoctor, addPatient, addScan, createOrganisation, daysFromToday, staffClients, type ApiClient } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';

const EVERY_MORNING = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '13:00' }));
/** Another owner's shorter mornings: 12:30 is no slot of theirs. */
const EARLY_MORNINGS = EVERY_MORNING.map((window) => ({ ...window, end: '10:00' }));

/** What differs between the two lists' bulk reschedules: the path, how an owner is added (one visit a slot), its key. */
const kinds = [
  {
    path: 'appointments',
    owner: (client: ApiClient, availability = EVERY_MORNING, name = 'Dr. Asha Rao') => addDoctor(client, { name, slotMinutes: 30, patientsPerSlot: 1, availability }),
    ownerKey: 'doctorId',
    notFound: 'Appointment not found',
    ownerNotFound: 'Doctor not found',
  },
  {
    path: 'bookings',
    owner: (client: ApiClient, availability = EVERY_MORNING, name = 'MRI Brain') => addScan(client, { name: `${name} ${Math.random().toString(36).slice(2, 6)}`, availability }),
    ownerKey: 'serviceId',
    notFound: 'Booking not found',
    ownerNotFound: 'Scan or test not found',
  },
] as const;

interface Visit {
  id: string;
  status: string;
  date: string;
  startTime: string;
  tokenLabel: string;
  doctorId?: string;
  serviceId?: string;
  history?: HistoryEntry[];
}

const reschedules = (visit: Visit) => visit.history?.filter((line) => line.action === 'reschedule') ?? [];

/**
 * POST /api/{appointments,bookings}/bulk-reschedule: the visits selected in a list, each moved to
 * one day at its own time by the single reschedule's rules, each in its own transaction, answered
 * visit by visit.
 */
describe.each(drivers)('bulk reschedule (%s)', (driver) => {
  const t = useTestApp(driver);

  describe.each(kinds)('of $path', (kind) => {
    const [from, to] = [daysFromToday(3), daysFromToday(6)];
    let organisationId: string;
    let admin: ApiClient;
    let worker: ApiClient;
    let outsider: ApiClient;
    let owner: { id: string; name: string };
    let theirVisit: string;
    let outsiderOrganisationId: string;
    let theirOwner: { id: string };

    const book = async (client: ApiClient, ownerId: string, startTime: string, date = from) => {
      const patient = await addPatient(client);
      const response = await client.post(`/api/${kind.path}`, { [kind.ownerKey]: ownerId, patientId: patient.id, date, startTime });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Visit>().id;
    };
    const visit = async (client: ApiClient, id: string) => (await client.get(`/api/${kind.path}/${id}`)).json<Visit>();
    const bulkReschedule = (client: ApiClient, body: unknown) => client.post(`/api/${kind.path}/bulk-reschedule`, body);
    const owed = async (ids: string[]) =>
      t.database.db
        .select({ visitId: messages.visitId, channel: messages.channel })
        .from(messages)
        .where(and(inArray(messages.visitId, ids), eq(messages.event, 'rescheduled')));

    beforeAll(async () => {
      const organisation = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
      organisationId = organisation.id;
      ({ admin, worker } = await staffClients(t.app, organisation));
      owner = await kind.owner(admin);
      const other = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
      outsiderOrganisationId = other.id;
      ({ admin: outsider } = await staffClients(t.app, other));
      theirOwner = await kind.owner(outsider);
      theirVisit = await book(outsider, theirOwner.id, '11:00');
    });

    it('moves each selected visit to the day at its own time, and says why the others were not', async () => {
      const [first, second, clashing, cancelled] = [
        await book(admin, owner.id, '09:00'),
        await book(admin, owner.id, '09:30'),
        await book(admin, owner.id, '10:00'),
        await book(admin, owner.id, '10:30'),
      ];
      // The one place at 10:00 on the new day is taken already.
      const blocker = await book(admin, owner.id, '10:00', to);
      expect((await admin.post(`/api/${kind.path}/${cancelled}/actions/cancel`, { reason: 'Rebooked' })).statusCode).toBe(200);
      const unknown = '00000000-0000-4000-8000-000000000000';

      const response = await bulkReschedule(worker, { ids: [first, clashing, cancelled, theirVisit, second, first, unknown], date: to });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<BulkRescheduleResult>();
      expect(result).toMatchObject({ moved: 2, refused: 4 });
      const [movedFirst, movedSecond] = [await visit(admin, first), await visit(admin, second)];
      // In the order asked, an id given twice answered once; each where it went, with its new token.
      expect(result.results).toEqual([
        { id: first, outcome: 'moved', date: to, startTime: '09:00', tokenLabel: movedFirst.tokenLabel },
        { id: clashing, outcome: 'refused', reason: 'other', status: null, message: 'This slot is full: choose another time' },
        { id: cancelled, outcome: 'refused', reason: 'status', status: 'CANCELLED', message: `Cannot reschedule: the ${kind.path.slice(0, -1)} is CANCELLED` },
        { id: theirVisit, outcome: 'refused', reason: 'not-found', status: null, message: kind.notFound },
        { id: second, outcome: 'moved', date: to, startTime: '09:30', tokenLabel: movedSecond.tokenLabel },
        { id: unknown, outcome: 'refused', reason: 'not-found', status: null, message: kind.notFound },
      ]);

      for (const moved of [movedFirst, movedSecond]) {
        expect(moved).toMatchObject({ status: 'BOOKED', date: to, [kind.ownerKey]: owner.id });
        expect(reschedules(moved)).toEqual([
          expect.objectContaining({ fromStatus: 'BOOKED', toStatus: 'BOOKED', byName: 'Wasim Worker', note: expect.stringContaining(`to ${to}`) as string }),
        ]);
      }
      // New tokens in the new day, after the one already there.
      expect(new Set([movedFirst.tokenLabel, movedSecond.tokenLabel, (await visit(admin, blocker)).tokenLabel]).size).toBe(3);
      // The refused ones are as they were.
      expect(await visit(admin, clashing)).toMatchObject({ status: 'BOOKED', date: from, startTime: '10:00' });
      expect(await visit(admin, cancelled)).toMatchObject({ status: 'CANCELLED', date: from });
      expect(await visit(outsider, theirVisit)).toMatchObject({ status: 'BOOKED', date: from, startTime: '11:00' });
      // Each patient moved is told once; none of the others.
      const told = await owed([first, second]);
      expect([...new Set(told.map((row) => row.visitId))].sort()).toEqual([first, second].sort());
      // Once on each channel the organisation writes on, never twice on one.
      expect(new Set(told.map((row) => `${row.visitId} ${row.channel}`)).size).toBe(told.length);
      expect(await owed([clashing, cancelled, theirVisit])).toEqual([]);
    });

    it('moves them to another owner when one is given, refusing the times that are no slot of theirs', async () => {
      const other = await kind.owner(admin, EARLY_MORNINGS, 'Dr. Kiran Shah');
      const [early, late] = [await book(admin, owner.id, '09:30'), await book(admin, owner.id, '12:30')];
      const response = await bulkReschedule(admin, { ids: [early, late], date: to, [kind.ownerKey]: other.id });
      expect(response.statusCode, response.body).toBe(200);
      const [moved, refused] = response.json<BulkRescheduleResult>().results;
      expect(moved).toMatchObject({ id: early, outcome: 'moved', date: to, startTime: '09:30' });
      expect(refused).toMatchObject({ id: late, outcome: 'refused', reason: 'other', status: null });
      expect(refused?.outcome === 'refused' && refused.message).toBe(translate('en', 'visits.notASlot', { startTime: '12:30', ownerName: other.name, date: to }));
      expect(await visit(admin, early)).toMatchObject({ date: to, startTime: '09:30', [kind.ownerKey]: other.id });
      expect(await visit(admin, late)).toMatchObject({ date: from, startTime: '12:30', [kind.ownerKey]: owner.id });
    });

    it("refuses another organisation's owner with 404, moving nothing", async () => {
      const id = await book(admin, owner.id, '11:30');
      const response = await bulkReschedule(admin, { ids: [id], date: to, [kind.ownerKey]: theirOwner.id });
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().message).toBe(kind.ownerNotFound);
      expect(await visit(admin, id)).toMatchObject({ date: from, startTime: '11:30', [kind.ownerKey]: owner.id });
    });

    it('records each moved visit in the audit trail, and each one out of reach as denied', async () => {
      const id = await book(admin, owner.id, '11:00');
      const response = await bulkReschedule(admin, { ids: [id, theirVisit], date: daysFromToday(7) });
      expect(response.statusCode).toBe(200);
      const entries = (await auditEntriesOf(t.database.db, organisationId)).filter((entry) => entry.route === `POST /api/${kind.path}/bulk-reschedule`);
      expect(entries.filter((entry) => entry.entityId === id).map((entry) => [entry.action, entry.entity, entry.statusCode])).toEqual([['update', kind.path, 200]]);
      const denied = entries.filter((entry) => entry.entityId === theirVisit);
      expect(denied.map((entry) => [entry.action, JSON.parse(entry.details!)])).toContainEqual(['denied', { denied: 'not-found' }]);
      const outsiders = await auditEntriesOf(t.database.db, outsiderOrganisationId);
      expect(outsiders.filter((entry) => entry.route === `POST /api/${kind.path}/bulk-reschedule`)).toEqual([]);
    });

    it('refuses a bad request with 400 naming the field, and changes nothing', async () => {
      const id = await book(admin, owner.id, '12:00');
      const tooMany = Array.from({ length: 101 }, () => id);
      const cases: [unknown, string][] = [
        [{ ids: [], date: to }, 'ids'],
        [{ ids: tooMany, date: to }, 'ids'],
        [{ ids: ['not-a-uuid'], date: to }, 'ids.0'],
        [{ ids: [id] }, 'date'],
        [{ ids: [id], date: 'next week' }, 'date'],
        [{ ids: [id], date: to, [kind.ownerKey]: 'not-a-uuid' }, kind.ownerKey],
      ];
      for (const [body, field] of cases) {
        const response = await bulkReschedule(admin, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(response.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual([field]);
      }
      const unchanged = await visit(admin, id);
      expect(unchanged).toMatchObject({ status: 'BOOKED', date: from, startTime: '12:00' });
      expect(reschedules(unchanged)).toEqual([]);
    });
  });
});

describe.each(bothDrivers)('bulk reschedules racing (%s)', (driver) => {
  const t = useTestApp(driver);

  it.each(kinds)('two bulk reschedules of overlapping $path at once never over-fill a slot nor move a visit twice', async (kind) => {
    const organisation = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    const { admin, worker } = await staffClients(t.app, organisation);
    const owner = await kind.owner(admin);
    const target = daysFromToday(8);
    const times = ['09:00', '09:30', '10:00', '10:30'];
    // Two visits at each time on two days, and one place at each time on the day they move to.
    const ids: string[] = [];
    for (const date of [daysFromToday(4), daysFromToday(5)]) {
      for (const startTime of times) {
        const patient = await addPatient(admin);
        const response = await admin.post(`/api/${kind.path}`, { [kind.ownerKey]: owner.id, patientId: patient.id, date, startTime });
        expect(response.statusCode, response.body).toBe(201);
        ids.push(response.json<{ id: string }>().id);
      }
    }
    const [one, two] = await Promise.all([
      admin.post(`/api/${kind.path}/bulk-reschedule`, { ids, date: target }),
      worker.post(`/api/${kind.path}/bulk-reschedule`, { ids: [...ids].reverse(), date: target }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const outcomes = [...one.json<BulkRescheduleResult>().results, ...two.json<BulkRescheduleResult>().results];
    const movedIds = outcomes.filter((outcome) => outcome.outcome === 'moved').map((outcome) => outcome.id);
    // One visit into each place, none twice.
    expect(movedIds).toHaveLength(times.length);
    expect(new Set(movedIds).size).toBe(times.length);
    const records = await Promise.all(ids.map(async (id) => (await admin.get(`/api/${kind.path}/${id}`)).json<Visit>()));
    const onTarget = records.filter((record) => record.date === target);
    expect(onTarget.map((record) => record.startTime).sort()).toEqual(times);
    expect(onTarget.map((record) => record.id).sort()).toEqual([...movedIds].sort());
    for (const record of records) expect(reschedules(record)).toHaveLength(movedIds.includes(record.id) ? 1 : 0);
  });
});
