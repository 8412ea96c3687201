import type { TokenQueue } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { indiaDate, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { appointmentKind, bookVisit } from '../visits/index.js';

/**
 * Who 'Call next' calls (QUEUE_ORDER_RULE): the earliest slot, a late arrival from their check-in,
 * ties to the earlier check-in. The desk checks patients in at 08:20, then more arrive at 09:00:
 * the clock is pinned to each in turn, so who was on time and who was late is fixed, not a race.
 */
describe.each(drivers)('token queue order (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let date: string;
  const doctors: Record<'slotOrder' | 'tie' | 'late', string> = { slotOrder: '', tie: '', late: '' };
  const visits: Record<string, string> = {};

  beforeAll(async () => {});

  /** Books `name` with the doctor at `startTime` today, as the desk would have done earlier. */
  async function book(admin: ApiClient, doctorId: string, name: string, startTime: string, source: 'CONSOLE' | 'WALK_IN' = 'CONSOLE', now = new Date(`${date}T00:00:00+05:30`)) {
    const patient = await addPatient(admin, { name });
    visits[name] = await bookVisit(
      t.database.db,
      appointmentKind,
      { organisationId: org.id, staffId: org.admin.id },
      { doctorId, patientId: patient.id, date, startTime, source },
      { now },
    );
  }
  const checkIn = async (worker: ApiClient, name: string) => expect((await worker.post(`/api/appointments/${visits[name]}/actions/check-in`, {})).statusCode).toBe(200);
  const waitingNames = (queue: TokenQueue) => queue.waiting.map((entry) => entry.patientName);

  describe('at 08:20 IST the on-time patients check in', () => {
    pinClockAt({ label: '08:20 IST', time: '08:20' });
    it('books the day and checks the early patients in', async () => {
      date = indiaDate();
      org = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
      const { admin, worker } = await staffClients(t.app, org);
      const availability = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '12:00' }));
      doctors.slotOrder = (await addDoctor(admin, { name: 'Dr. Slot Order', tokenPrefix: 'S', availability })).id;
      doctors.tie = (await addDoctor(admin, { name: 'Dr. Tie', tokenPrefix: 'T', patientsPerSlot: 2, availability })).id;
      doctors.late = (await addDoctor(admin, { name: 'Dr. Late', tokenPrefix: 'L', availability })).id;

      // A booked first (token 1) for 10:30, B second (token 2) for 10:00.
      await book(admin, doctors.slotOrder, 'Patient A', '10:30');
      await book(admin, doctors.slotOrder, 'Patient B', '10:00');
      // Two patients in one 10:00 slot: Yash holds the lower token, Xena checks in first.
      await book(admin, doctors.tie, 'Yash', '10:00');
      await book(admin, doctors.tie, 'Xena', '10:00');
      // Late: Priya's slot is 08:00 but she only comes at 09:00; Qadir (08:30) and Ravi (09:30) are on time.
      await book(admin, doctors.late, 'Priya', '08:00');
      await book(admin, doctors.late, 'Qadir', '08:30');
      await book(admin, doctors.late, 'Ravi', '09:30');

      await checkIn(worker, 'Patient A');
      await checkIn(worker, 'Patient B');
      await checkIn(worker, 'Xena');
      await checkIn(worker, 'Yash');
      await checkIn(worker, 'Qadir');
      await checkIn(worker, 'Ravi');
    });
  });

  describe('at 09:00 IST the desk calls', () => {
    pinClockAt({ label: '09:00 IST', time: '09:00' });
    let admin: ApiClient;
    let worker: ApiClient;
    beforeAll(async () => {
      // Signed in again: the 08:20 tokens have expired by 09:00.
      ({ admin, worker } = await staffClients(t.app, org));
    });
    const queue = async (doctorId: string) => (await worker.get(`/api/tokens/doctors/${doctorId}`)).json<TokenQueue>();
    const callNext = async (doctorId: string) => (await worker.post(`/api/tokens/doctors/${doctorId}/actions/call-next`, {})).json<TokenQueue>();

    it('calls the earlier slot first, though that patient checked in later and holds the higher token', async () => {
      expect(waitingNames(await queue(doctors.slotOrder))).toEqual(['Patient B', 'Patient A']);
      const first = await callNext(doctors.slotOrder);
      expect(first.nowServing).toMatchObject({ patientName: 'Patient B', tokenLabel: 'S-002' });
      expect(first.next?.patientName).toBe('Patient A');
    });

    it('on a tie of slots calls the earlier check-in first, whatever the token', async () => {
      expect(waitingNames(await queue(doctors.tie))).toEqual(['Xena', 'Yash']);
      expect((await callNext(doctors.tie)).nowServing).toMatchObject({ patientName: 'Xena', tokenLabel: 'T-002' });
    });

    it('a late arrival queues from check-in, behind the on-time patient; a walk-in fits by its slot', async () => {
      await checkIn(worker, 'Priya');
      // A walk-in at 09:00 gets the next free slot (09:15) and is checked in at once.
      await book(admin, doctors.late, 'Walk-in Wani', '09:15', 'WALK_IN', new Date());
      await checkIn(worker, 'Walk-in Wani');
      const late = await queue(doctors.late);
      // Qadir's 08:30 (on time); Priya from 09:00 (her 08:00 slot had gone); Wani's 09:15; Ravi's 09:30.
      expect(waitingNames(late)).toEqual(['Qadir', 'Priya', 'Walk-in Wani', 'Ravi']);
      expect(late.waiting.map((entry) => entry.tokenLabel)).toEqual(['L-002', 'L-001', 'L-004', 'L-003']);
      const called = [];
      for (let turn = 0; turn < 4; turn += 1) called.push((await callNext(doctors.late)).nowServing?.patientName);
      expect(called).toEqual(['Qadir', 'Priya', 'Walk-in Wani', 'Ravi']);
    });
  });
});
