import type { Appointment, BulkCancelResult, ErrorBody, HistoryEntry } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { bothDrivers, drivers } from '../../test/database.js';
import { translate } from '../../lib/i18n/index.js';
import { addDoctor, addPatient, addScan, bearer, createOrganisation, daysFromToday, signIn, staffClients, type ApiClient } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';

/** What differs between the two lists' bulk cancels: the path, and how a visit is booked. */
const kinds = [
  { path: 'appointments', owner: (client: ApiClient) => addDoctor(client, { patientsPerSlot: 50 }), ownerKey: 'doctorId', notFound: 'visits.appointmentNotFound' },
  { path: 'bookings', owner: (client: ApiClient) => addScan(client, { capacityPerSlot: 50 }), ownerKey: 'serviceId', notFound: 'visits.bookingNotFound' },
] as const;

interface Visit {
  id: string;
  status: string;
  cancelReason: string | null;
  history?: HistoryEntry[];
}

/**
 * POST /api/{appointments,bookings}/bulk-cancel: the visits selected in a list, cancelled with one
 * reason by the single cancel's rules, each in its own transaction, answered visit by visit.
 */
describe.each(drivers)('bulk cancel (%s)', (driver) => {
  const t = useTestApp(driver);

  describe.each(kinds)('of $path', (kind) => {
    let organisationId: string;
    let admin: ApiClient;
    let worker: ApiClient;
    let outsider: ApiClient;
    let owner: { id: string };
    let theirVisit: string;
    let workerEmail: string;
    let outsiderOrganisationId: string;

    const book = async (client: ApiClient, ownerId: string, startTime = '09:00') => {
      const patient = await addPatient(client);
      const response = await client.post(`/api/${kind.path}`, { [kind.ownerKey]: ownerId, patientId: patient.id, date: daysFromToday(3), startTime });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Appointment>().id;
    };
    const visit = async (client: ApiClient, id: string) => (await client.get(`/api/${kind.path}/${id}`)).json<Visit>();
    const bulkCancel = (client: ApiClient, body: unknown) => client.post(`/api/${kind.path}/bulk-cancel`, body);

    beforeAll(async () => {
      const organisation = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
      organisationId = organisation.id;
      workerEmail = organisation.worker.email;
      ({ admin, worker } = await staffClients(t.app, organisation));
      owner = await kind.owner(admin);
      const other = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
      outsiderOrganisationId = other.id;
      ({ admin: outsider } = await staffClients(t.app, other));
      theirVisit = await book(outsider, (await kind.owner(outsider)).id);
    });

    it('cancels each selected visit with the one reason, and says why the others were not', async () => {
      const [first, second, alreadyCancelled] = [await book(admin, owner.id), await book(admin, owner.id), await book(admin, owner.id)];
      expect((await admin.post(`/api/${kind.path}/${alreadyCancelled}/actions/cancel`, { reason: 'Rebooked' })).statusCode).toBe(200);
      const unknown = '00000000-0000-4000-8000-000000000000';

      const response = await bulkCancel(worker, { ids: [first, alreadyCancelled, theirVisit, second, first, unknown], reason: '  Doctor called away  ' });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<BulkCancelResult>();
      expect(result).toMatchObject({ cancelled: 2, refused: 3 });
      // In the order asked, an id given twice answered once.
      expect(result.results).toEqual([
        { id: first, outcome: 'cancelled' },
        { id: alreadyCancelled, outcome: 'refused', reason: 'status', status: 'CANCELLED', message: `Cannot cancel: the ${kind.path.slice(0, -1)} is CANCELLED` },
        { id: theirVisit, outcome: 'refused', reason: 'not-found', status: null, message: expect.stringMatching(/not found$/) as string },
        { id: second, outcome: 'cancelled' },
        { id: unknown, outcome: 'refused', reason: 'not-found', status: null, message: expect.stringMatching(/not found$/) as string },
      ]);

      for (const id of [first, second]) {
        const cancelled = await visit(admin, id);
        expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelReason: 'Doctor called away' });
        expect(cancelled.history?.filter((line) => line.toStatus === 'CANCELLED')).toEqual([
          expect.objectContaining({ action: 'cancel', fromStatus: 'BOOKED', note: 'Doctor called away', byName: 'Wasim Worker' }),
        ]);
      }
      // The refused ones are as they were: the earlier reason stays, the other organisation's visit is still booked.
      expect(await visit(admin, alreadyCancelled)).toMatchObject({ status: 'CANCELLED', cancelReason: 'Rebooked' });
      expect(await visit(outsider, theirVisit)).toMatchObject({ status: 'BOOKED', cancelReason: null });
    });

    it("words a refusal in the staff member's language", async () => {
      const { access_token: token } = await signIn(t.app, workerEmail);
      expect((await t.app.inject({ method: 'PATCH', url: '/api/account', headers: bearer(token), payload: { language: 'hi' } })).statusCode).toBe(200);
      const response = await t.app.inject({ method: 'POST', url: `/api/${kind.path}/bulk-cancel`, headers: bearer(token), payload: { ids: [theirVisit], reason: 'Closed' } });
      expect(response.statusCode).toBe(200);
      const [refused] = response.json<BulkCancelResult>().results;
      expect(refused).toMatchObject({ outcome: 'refused', reason: 'not-found', message: translate('hi', kind.notFound) });
    });

    it('records each cancelled visit in the audit trail, and each one out of reach as denied', async () => {
      const id = await book(admin, owner.id);
      const response = await bulkCancel(admin, { ids: [id, theirVisit], reason: 'Clinic closed' });
      expect(response.statusCode).toBe(200);
      const entries = (await auditEntriesOf(t.database.db, organisationId)).filter((entry) => entry.route === `POST /api/${kind.path}/bulk-cancel`);
      expect(entries.filter((entry) => entry.entityId === id).map((entry) => [entry.action, entry.entity, entry.statusCode])).toEqual([['update', kind.path, 200]]);
      const denied = entries.filter((entry) => entry.entityId === theirVisit);
      expect(denied.map((entry) => [entry.action, JSON.parse(entry.details!)])).toContainEqual(['denied', { denied: 'not-found' }]);
      // Nothing lands in the other organisation's trail.
      const outsiders = await auditEntriesOf(t.database.db, outsiderOrganisationId);
      expect(outsiders.filter((entry) => entry.route === `POST /api/${kind.path}/bulk-cancel`)).toEqual([]);
    });

    it('refuses a bad request with 400 naming the field, and changes nothing', async () => {
      const id = await book(admin, owner.id);
      const tooMany = Array.from({ length: 101 }, () => id);
      const cases: [unknown, string][] = [
        [{ ids: [], reason: 'Closed' }, 'ids'],
        [{ ids: tooMany, reason: 'Closed' }, 'ids'],
        [{ ids: ['not-a-uuid'], reason: 'Closed' }, 'ids.0'],
        [{ ids: [id] }, 'reason'],
        [{ ids: [id], reason: '   ' }, 'reason'],
        [{ ids: [id], reason: 'x'.repeat(501) }, 'reason'],
      ];
      for (const [body, field] of cases) {
        const response = await bulkCancel(admin, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(response.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual([field]);
      }
      expect(await visit(admin, id)).toMatchObject({ status: 'BOOKED' });
    });
  });
});

describe.each(bothDrivers)('bulk cancels racing (%s)', (driver) => {
  const t = useTestApp(driver);

  it.each(kinds)('two bulk cancels of overlapping $path at once cancel each visit exactly once, with one history line', async (kind) => {
    const organisation = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    const { admin, worker } = await staffClients(t.app, organisation);
    const owner = await kind.owner(admin);
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const patient = await addPatient(admin);
      const response = await admin.post(`/api/${kind.path}`, { [kind.ownerKey]: owner.id, patientId: patient.id, date: daysFromToday(5), startTime: '10:00' });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json<{ id: string }>().id);
    }
    // One takes the first eight in order, the other the last eight backwards: they meet in the middle.
    const forwards = ids.slice(0, 8);
    const backwards = ids.slice(4).reverse();
    const [one, two] = await Promise.all([
      admin.post(`/api/${kind.path}/bulk-cancel`, { ids: forwards, reason: 'Desk A' }),
      worker.post(`/api/${kind.path}/bulk-cancel`, { ids: backwards, reason: 'Desk B' }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const outcomes = [...one.json<BulkCancelResult>().results, ...two.json<BulkCancelResult>().results];
    const cancelledIds = outcomes.filter((outcome) => outcome.outcome === 'cancelled').map((outcome) => outcome.id);
    expect([...cancelledIds].sort()).toEqual([...ids].sort());
    // The overlap was asked twice: cancelled by one request, refused by the other as already cancelled.
    const refused = outcomes.filter((outcome) => outcome.outcome === 'refused');
    expect(refused).toHaveLength(4);
    expect(refused.every((outcome) => outcome.outcome === 'refused' && outcome.reason === 'status' && outcome.status === 'CANCELLED')).toBe(true);
    for (const id of ids) {
      const record = (await admin.get(`/api/${kind.path}/${id}`)).json<Visit>();
      expect(record.status).toBe('CANCELLED');
      expect(record.history?.filter((line) => line.toStatus === 'CANCELLED')).toHaveLength(1);
    }
  });
});
