import { describe, expect, it } from 'vitest';
import { slotTimesOn } from '../../modules/visits/index.js';
import { buildDemoAppointments } from './appointments.js';
import { demoOrganisations } from './demo-data.js';
import { buildDemoRecords } from './records.js';

// 06:30 UTC is 12:00 in Kolkata: a morning of visits is done or under way, the afternoon to come.
const NOW = new Date('2026-11-21T06:30:00.000Z');
const TODAY = '2026-11-21';
const hospital = demoOrganisations.find((demo) => demo.type === 'HOSPITAL')!;

function hospitalVisits() {
  const records = buildDemoRecords(hospital.records, 'org', ['00000000-0000-4000-8000-000000000001'], NOW);
  const doctors = records.doctors.map((doctor, index) => ({
    ...doctor,
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    facilityId: doctor.facilityId ?? null,
    availability: doctor.availability ?? [],
    slotMinutes: doctor.slotMinutes ?? 15,
    patientsPerSlot: doctor.patientsPerSlot ?? 1,
    leaveDates: doctor.leaveDates ?? [],
    active: doctor.active ?? true,
  }));
  const patientIds = records.patients.map((_, index) => `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
  return { doctors, visits: buildDemoAppointments({ seed: 7, organisationId: 'org', doctors, patientIds, staffId: 'staff', count: 115, now: NOW }) };
}

describe('demo appointments', () => {
  it('are the same on every run, ids included', () => {
    expect(hospitalVisits().visits).toEqual(hospitalVisits().visits);
  });

  it('sit on real slots of their doctor, never over capacity, with tokens 1..n per doctor and day', () => {
    const { doctors, visits } = hospitalVisits();
    expect(visits.appointments).toHaveLength(115);
    const perSlot = new Map<string, number>();
    const tokens = new Map<string, number[]>();
    for (const visit of visits.appointments) {
      const doctor = doctors.find((d) => d.id === visit.doctorId)!;
      const schedule = { availability: doctor.availability, slotMinutes: doctor.slotMinutes, capacity: doctor.patientsPerSlot, leaveDates: doctor.leaveDates };
      expect(slotTimesOn(schedule, visit.date)).toContainEqual({ start: visit.startTime, end: visit.endTime });
      const slotKey = `${visit.doctorId} ${visit.date} ${visit.startTime}`;
      perSlot.set(slotKey, (perSlot.get(slotKey) ?? 0) + 1);
      expect(perSlot.get(slotKey)).toBeLessThanOrEqual(doctor.patientsPerSlot);
      const dayKey = `${visit.doctorId} ${visit.date}`;
      tokens.set(dayKey, [...(tokens.get(dayKey) ?? []), visit.tokenNumber]);
    }
    for (const numbers of tokens.values()) expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });

  it('are mostly completed in the past, booked in the future, with a queue today', () => {
    const { visits } = hospitalVisits();
    const past = visits.appointments.filter((v) => v.date < TODAY);
    const future = visits.appointments.filter((v) => v.date > TODAY);
    expect(past.length).toBeGreaterThan(40);
    expect(future.length).toBeGreaterThan(15);
    expect(past.filter((v) => v.status === 'COMPLETED').length / past.length).toBeGreaterThan(0.6);
    expect(new Set(past.map((v) => v.status))).toEqual(new Set(['COMPLETED', 'CANCELLED', 'NO_SHOW']));
    expect(future.every((v) => v.status === 'BOOKED' || v.status === 'CANCELLED')).toBe(true);
    expect(visits.appointments.every((v) => v.date >= '2026-11-07' && v.date <= '2026-11-28')).toBe(true);
    // Every visit has its 'created' entry, and every status its path of moves.
    expect(visits.history.filter((h) => h.action === 'created')).toHaveLength(115);
    const cancelled = visits.appointments.find((v) => v.status === 'CANCELLED')!;
    expect(visits.history.find((h) => h.appointmentId === cancelled.id && h.action === 'cancel')?.note).toBe(cancelled.cancelReason);
  });
});
