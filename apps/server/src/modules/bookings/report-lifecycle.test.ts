import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { indiaDate, todayInIndiaAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addPatient, addScan, bearer, createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { sampleFiles, uploadForm } from '../../test/sample-files.js';
import { actOnVisit, bookingKind, bookVisit, createVisitLifecycle, type VisitLifecycleEvent } from '../visits/index.js';
import { attachReport } from './report.js';

describe.each(drivers)('a booking’s report and the visit lifecycle (%s)', (driver) => {
  const t = useTestApp(driver);
  let centre: OrganisationFixture;
  let admin: ApiClient;
  let adminToken: string;

  beforeAll(async () => {
    centre = await createOrganisation(t.database.db, { type: 'SCAN' });
    ({ admin } = await staffClients(t.app, centre));
    adminToken = (await t.app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email: centre.admin.email, password: 'Test@pass-123' } })).json<{
      access_token: string;
    }>().access_token;
  });

  it('tells the lifecycle that the report is ready, for the first report and a corrected one', async () => {
    const lifecycle = createVisitLifecycle({ error: () => undefined });
    const seen: VisitLifecycleEvent[] = [];
    lifecycle.subscribe({ name: 'recorder', events: ['report-ready'], inTransaction: async (_tx, event) => void seen.push(event) });
    const scan = await addScan(admin);
    const patient = await addPatient(admin);
    const actor = { organisationId: centre.id, staffId: centre.worker.id };
    const date = indiaDate();
    const id = await bookVisit(
      t.database.db,
      bookingKind,
      actor,
      { serviceId: scan.id, patientId: patient.id, date, startTime: '11:00', source: 'CONSOLE' },
      { now: todayInIndiaAt('00:00') },
    );
    for (const action of ['check-in', 'start', 'complete'] as const) await actOnVisit(t.database.db, bookingKind, actor, id, action, {}, { lifecycle });
    const upload = async () =>
      (
        await t.app.inject({ method: 'POST', url: '/api/admin/upload', headers: bearer(adminToken), payload: uploadForm(sampleFiles.pdf, 'report.pdf', { visibility: 'private' }) })
      ).json<{ id: string }>().id;
    const caller = { id: centre.admin.id, organisationId: centre.id, role: 'ADMIN' as const, organisationType: 'SCAN' as const, sessionFamilyId: 'test', doctorId: null };

    await attachReport(t.database.db, caller, id, await upload(), { lifecycle });
    await attachReport(t.database.db, caller, id, await upload(), { lifecycle });

    const event = { type: 'report-ready', kind: 'booking', visitId: id, organisationId: centre.id, ownerId: scan.id, patientId: patient.id, date, actorStaffId: centre.admin.id };
    expect(seen).toEqual([event, event]);
  });
});
