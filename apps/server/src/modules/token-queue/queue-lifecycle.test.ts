import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { indiaDate } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { actOnVisit, appointmentKind, bookVisit, createVisitLifecycle, type VisitLifecycleEvent } from '../visits/index.js';
import { actOnQueue } from './actions.js';

describe.each(drivers)('the token queue and the visit lifecycle (%s)', (driver) => {
  const t = useTestApp(driver);
  let admin: ApiClient;
  let org: OrganisationFixture;

  beforeAll(async () => {
    org = await createOrganisation(t.database.db);
    ({ admin } = await staffClients(t.app, org));
  });

  it('tells the lifecycle once of each token called in and each visit completed from the queue', async () => {
    const lifecycle = createVisitLifecycle({ error: () => undefined });
    const seen: Pick<VisitLifecycleEvent, 'type' | 'visitId' | 'patientId'>[] = [];
    lifecycle.subscribe({ name: 'recorder', events: ['called', 'completed'], afterCommit: async ({ type, visitId, patientId }) => void seen.push({ type, visitId, patientId }) });
    const date = indiaDate();
    const midnight = new Date(`${date}T00:00:00+05:30`);
    const doctor = await addDoctor(admin, { availability: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:45' })) });
    const actor = { organisationId: org.id, staffId: org.worker.id };
    const visits: { id: string; patientId: string }[] = [];
    for (const startTime of ['08:00', '09:00']) {
      const patient = await addPatient(admin);
      const id = await bookVisit(t.database.db, appointmentKind, actor, { doctorId: doctor.id, patientId: patient.id, date, startTime, source: 'CONSOLE' }, { now: midnight });
      await actOnVisit(t.database.db, appointmentKind, actor, id, 'check-in', {}, { lifecycle });
      visits.push({ id, patientId: patient.id });
    }
    const caller = { id: org.worker.id, organisationId: org.id, role: 'WORKER' as const, organisationType: 'HOSPITAL' as const, sessionFamilyId: 'test', doctorId: null };
    const queue = (action: 'call-next' | 'complete' | 'skip') => actOnQueue(t.database.db, caller, 'doctors', doctor.id, action, undefined, { lifecycle });

    await queue('call-next');
    await queue('call-next');
    await queue('complete');

    const [first, second] = visits as [{ id: string; patientId: string }, { id: string; patientId: string }];
    expect(seen).toEqual([
      { type: 'called', visitId: first.id, patientId: first.patientId },
      { type: 'completed', visitId: first.id, patientId: first.patientId },
      { type: 'called', visitId: second.id, patientId: second.patientId },
      { type: 'completed', visitId: second.id, patientId: second.patientId },
    ]);
  });
});
