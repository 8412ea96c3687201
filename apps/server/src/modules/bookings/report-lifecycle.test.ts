import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { indiaDate } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addPatient, addScan, createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { actOnVisit, bookingKind, createVisitLifecycle, type VisitLifecycleEvent } from '../visits/index.js';
import { attachReport } from './report.js';
import { bookToday, uploadReport } from './test-support.js';

describe.each(drivers)('a booking’s report and the visit lifecycle (%s)', (driver) => {
  const t = useTestApp(driver);
  let centre: OrganisationFixture;
  let admin: ApiClient;

  beforeAll(async () => {
    centre = await createOrganisation(t.database.db, { type: 'SCAN' });
    ({ admin } = await staffClients(t.app, centre));
  });

  it('tells the lifecycle that the report is ready, for the first report and a corrected one', async () => {
    const lifecycle = createVisitLifecycle({ error: () => undefined });
    const seen: VisitLifecycleEvent[] = [];
    lifecycle.subscribe({ name: 'recorder', events: ['report-ready'], inTransaction: async (_tx, event) => void seen.push(event) });
    const scan = await addScan(admin);
    const patient = await addPatient(admin);
    const actor = { organisationId: centre.id, staffId: centre.worker.id };
    const date = indiaDate();
    const id = await bookToday(t.database.db, centre, { serviceId: scan.id, patientId: patient.id, startTime: '11:00', by: centre.worker });
    for (const action of ['check-in', 'start', 'complete'] as const) await actOnVisit(t.database.db, bookingKind, actor, id, action, {}, { lifecycle });
    const caller = { id: centre.admin.id, organisationId: centre.id, role: 'ADMIN' as const, organisationType: 'SCAN' as const, sessionFamilyId: 'test', doctorId: null };

    await attachReport(t.database.db, caller, id, await uploadReport(admin), { lifecycle });
    await attachReport(t.database.db, caller, id, await uploadReport(admin), { lifecycle });

    const event = { type: 'report-ready', kind: 'booking', visitId: id, organisationId: centre.id, ownerId: scan.id, patientId: patient.id, date, actorStaffId: centre.admin.id };
    expect(seen).toEqual([event, event]);
  });
});
