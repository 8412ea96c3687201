import type { ErrorBody, TokenQueue, TokenQueuesResponse } from '@caredesk/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DAY_TIMES, indiaDate, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, addScan, createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { actOnQueue } from './actions.js';
import { appointmentKind, bookingKind, bookVisit } from '../visits/index.js';

describe.each(drivers)('token queues (%s)', (driver) => {
  const t = useTestApp(driver);

  // Today's queue is India's today: the whole suite runs at mid-morning and either side of midnight there.
  describe.each(DAY_TIMES)('at $label', (wall) => {
    pinClockAt(wall);
    let org: OrganisationFixture;
    let admin: ApiClient;
    let worker: ApiClient;
    let outsider: ApiClient;
    let date: string;
    /** Today's visits are booked "at midnight" so no slot of today has passed yet. */
    let midnight: Date;

    beforeAll(async () => {
      date = indiaDate();
      midnight = new Date(`${date}T00:00:00+05:30`);
      org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
      ({ admin, worker } = await staffClients(t.app, org));
      ({ admin: outsider } = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' })));
    });

    /** A doctor (tokens A-…) with `count` patients booked today in token order, all checked in unless told. */
    async function doctorDay(count: number, checkIn = count) {
      const doctor = await addDoctor(admin, { tokenPrefix: 'A', availability: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:45' })) });
      const ids: string[] = [];
      for (let index = 0; index < count; index += 1) {
        const patient = await addPatient(admin, { name: `Patient ${index + 1}` });
        const startTime = `${String(8 + index).padStart(2, '0')}:00`;
        ids.push(
          await bookVisit(
            t.database.db,
            appointmentKind,
            { organisationId: org.id, staffId: org.admin.id },
            { doctorId: doctor.id, patientId: patient.id, date, startTime, source: 'CONSOLE' },
            { now: midnight },
          ),
        );
      }
      for (const id of ids.slice(0, checkIn)) expect((await worker.post(`/api/appointments/${id}/actions/check-in`, {})).statusCode).toBe(200);
      return { doctor, ids };
    }
    const act = (doctorId: string, action: string, body: unknown = {}) => worker.post(`/api/tokens/doctors/${doctorId}/actions/${action}`, body);
    const queue = async (doctorId: string) => (await worker.get(`/api/tokens/doctors/${doctorId}`)).json<TokenQueue>();

    it('call next, skip, recall and complete move the queue; counts and the average wait follow', async () => {
      const { doctor, ids } = await doctorDay(4, 3);
      const start = await queue(doctor.id);
      expect(start).toMatchObject({ name: doctor.name, tokenPrefix: 'A', date, nowServing: null, waitingCount: 3, doneCount: 0, averageWaitMinutes: null, lastAction: null });
      expect(start.next).toMatchObject({ tokenLabel: 'A-001', patientName: 'Patient 1' });
      expect(start.notArrived.map((entry) => entry.tokenLabel)).toEqual(['A-004']);

      const first = (await act(doctor.id, 'call-next')).json<TokenQueue>();
      expect(first.nowServing).toMatchObject({ visitId: ids[0], tokenLabel: 'A-001', status: 'IN_CONSULTATION' });
      expect(first).toMatchObject({ waitingCount: 2, lastAction: { action: 'call-next', tokenLabel: 'A-001' } });
      expect(first.averageWaitMinutes).toBeGreaterThanOrEqual(0);

      const second = (await act(doctor.id, 'call-next')).json<TokenQueue>();
      expect(second.nowServing?.tokenLabel).toBe('A-002');
      expect(second.doneCount).toBe(1);
      expect((await worker.get(`/api/appointments/${ids[0]}`)).json<{ status: string }>().status).toBe('COMPLETED');

      const skipped = (await act(doctor.id, 'skip')).json<TokenQueue>();
      expect(skipped.skipped.map((entry) => entry.tokenLabel)).toEqual(['A-003']);
      expect(skipped.waitingCount).toBe(0);
      // Patient 4 arrives; then patient 3 is back and is recalled to the front of the line.
      await worker.post(`/api/appointments/${ids[3]}/actions/check-in`, {});
      const recalled = (await act(doctor.id, 'recall', { visitId: ids[2] })).json<TokenQueue>();
      expect(recalled.waiting.map((entry) => entry.tokenLabel)).toEqual(['A-003', 'A-004']);

      const done = (await act(doctor.id, 'complete')).json<TokenQueue>();
      expect(done).toMatchObject({ nowServing: null, doneCount: 2, waitingCount: 2 });
      const history = (await worker.get(`/api/appointments/${ids[2]}`)).json<{ history: { action: string; byName: string }[] }>().history;
      expect(history.map((entry) => entry.action)).toEqual(['created', 'check-in', 'skip', 'recall']);
    });

    it('refuses what cannot be done with a 409 naming why', async () => {
      const { doctor } = await doctorDay(1, 0);
      const empty = await act(doctor.id, 'call-next');
      expect(empty.statusCode).toBe(409);
      expect(empty.json<ErrorBody>().message).toBe('No one is waiting');
      expect((await act(doctor.id, 'complete')).json<ErrorBody>().message).toBe('No token is being served');
      expect((await act(doctor.id, 'recall')).json<ErrorBody>().message).toBe('No token is being served');
      expect((await act(doctor.id, 'undo')).json<ErrorBody>().message).toBe('Nothing to undo');
      expect((await act(doctor.id, 'dance')).statusCode).toBe(400);
    });

    it('undo reverts the last actions one by one, and refuses once a visit has moved on', async () => {
      const { doctor, ids } = await doctorDay(3);
      await act(doctor.id, 'call-next');
      await act(doctor.id, 'call-next');
      const undone = (await act(doctor.id, 'undo')).json<TokenQueue>();
      expect(undone.nowServing?.tokenLabel).toBe('A-001');
      expect(undone.waiting.map((entry) => entry.tokenLabel)).toEqual(['A-002', 'A-003']);
      expect(undone.doneCount).toBe(0);
      const again = (await act(doctor.id, 'undo')).json<TokenQueue>();
      expect(again.nowServing).toBeNull();
      expect(again.waitingCount).toBe(3);
      expect((await worker.get(`/api/appointments/${ids[0]}`)).json<{ status: string }>().status).toBe('CHECKED_IN');

      await act(doctor.id, 'skip');
      await worker.post(`/api/appointments/${ids[0]}/actions/no-show`, {});
      const refused = await act(doctor.id, 'undo');
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ErrorBody>().message).toBe('Cannot undo skip: token 1 has changed since');
    });

    it('two desks pressing Call next at once call two different patients', async () => {
      const { doctor } = await doctorDay(3);
      const responses = await Promise.all([act(doctor.id, 'call-next'), act(doctor.id, 'call-next')]);
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
      const state = await queue(doctor.id);
      expect(state.nowServing?.tokenLabel).toBe('A-002');
      expect(state).toMatchObject({ doneCount: 1, waitingCount: 1 });
    });

    it('lists today’s queues; scans and tests queue by booking with IN_PROGRESS', async () => {
      const { doctor } = await doctorDay(1);
      const listed = (await worker.get('/api/tokens/doctors')).json<TokenQueuesResponse>();
      expect(listed).toMatchObject({ date, timeZone: 'Asia/Kolkata' });
      expect(listed.queues.find((q) => q.id === doctor.id)).toMatchObject({ waitingCount: 1 });

      const scan = await addScan(admin, { tokenPrefix: 'M', availability: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:30' })) });
      const patient = await addPatient(admin);
      const bookingId = await bookVisit(
        t.database.db,
        bookingKind,
        { organisationId: org.id, staffId: null },
        { serviceId: scan.id, patientId: patient.id, date, startTime: '09:00', source: 'APP' },
        { now: midnight },
      );
      await worker.post(`/api/bookings/${bookingId}/actions/check-in`, {});
      const called = (await worker.post(`/api/tokens/services/${scan.id}/actions/call-next`, {})).json<TokenQueue>();
      expect(called).toMatchObject({ kind: 'services', nowServing: { tokenLabel: 'M-001', status: 'IN_PROGRESS' } });
      expect((await worker.get('/api/tokens/services')).json<TokenQueuesResponse>().queues.map((q) => q.id)).toContain(scan.id);
    });

    it('another organisation gets 404; a menu without the area gets 403', async () => {
      const { doctor } = await doctorDay(1);
      expect((await outsider.get(`/api/tokens/doctors/${doctor.id}`)).statusCode).toBe(404);
      expect((await outsider.post(`/api/tokens/doctors/${doctor.id}/actions/call-next`, {})).statusCode).toBe(404);
      expect((await outsider.get('/api/tokens/doctors')).json<TokenQueuesResponse>().queues.some((q) => q.id === doctor.id)).toBe(false);
      const scanCentre = await createOrganisation(t.database.db, { type: 'SCAN' });
      const { worker: scanWorker } = await staffClients(t.app, scanCentre);
      expect((await scanWorker.get('/api/tokens/doctors')).statusCode).toBe(403);
      expect((await scanWorker.get('/api/tokens/services')).statusCode).toBe(200);
    });

    it('announces token.updated with the called token, and the visits that moved', async () => {
      const { doctor, ids } = await doctorDay(1);
      const events = { publish: vi.fn(async () => undefined) };
      const caller = { id: org.worker.id, organisationId: org.id, role: 'WORKER' as const, organisationType: 'MULTIHOSPITAL' as const, sessionFamilyId: 'test', doctorId: null };
      await actOnQueue(t.database.db, caller, 'doctors', doctor.id, 'call-next', undefined, { events });
      expect(events.publish).toHaveBeenCalledWith(org.id, { type: 'token.updated', doctorId: doctor.id, date, calledToken: 'A-001' }, expect.anything());
      expect(events.publish).toHaveBeenCalledWith(
        org.id,
        { type: 'appointment.updated', appointmentId: ids[0], doctorId: doctor.id, date, status: 'IN_CONSULTATION', patientId: expect.any(String) },
        expect.anything(),
      );
      events.publish.mockClear();
      await actOnQueue(t.database.db, caller, 'doctors', doctor.id, 'recall', undefined, { events });
      expect(events.publish).toHaveBeenCalledWith(org.id, { type: 'token.updated', doctorId: doctor.id, date, calledToken: 'A-001' }, expect.anything());
    });
  });
});
