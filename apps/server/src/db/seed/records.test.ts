import { describe, expect, it } from 'vitest';
import { demoOrganisations } from './demo-data.js';
import { buildDemoRecords } from './records.js';

const NOW = new Date('2026-11-21T06:30:00.000Z');
const hospital = demoOrganisations.find((demo) => demo.type === 'HOSPITAL')!;
const multi = demoOrganisations.find((demo) => demo.type === 'MULTIHOSPITAL')!;
const facilities = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];

describe('demo records', () => {
  it('are the same on every run (a seeded generator, never Math.random)', () => {
    const first = buildDemoRecords(hospital.records, 'org', facilities.slice(0, 1), NOW);
    const second = buildDemoRecords(hospital.records, 'org', facilities.slice(0, 1), NOW);
    expect(second).toEqual(first);
  });

  it('give the hospital a realistic front desk: doctors with schedules, other services, 300 patients', () => {
    const records = buildDemoRecords(hospital.records, 'org', facilities.slice(0, 1), NOW);
    expect(records.doctors.length).toBeGreaterThanOrEqual(12);
    expect(new Set(records.doctors.map((d) => d.specialization)).size).toBeGreaterThanOrEqual(8);
    for (const doctor of records.doctors) {
      expect(doctor.consultationFeePaise).toBeGreaterThanOrEqual(30_000);
      expect(doctor.consultationFeePaise).toBeLessThanOrEqual(120_000);
      expect([10, 15, 20]).toContain(doctor.slotMinutes);
      expect(doctor.availability!.length).toBeGreaterThan(0);
      expect(doctor.name).toMatch(/^Dr\. /);
    }
    // Some doctors are on leave next week.
    const leave = records.doctors.flatMap((d) => d.leaveDates ?? []);
    expect(leave.length).toBeGreaterThan(0);
    expect(leave.every((date) => date > '2026-11-27' && date <= '2026-12-02')).toBe(true);
    expect(records.services.map((s) => s.kind)).toEqual(Array(6).fill('OTHER'));

    expect(records.patients).toHaveLength(300);
    const phones = records.patients.map((p) => p.phone);
    expect(phones.every((phone) => /^\+91[6-9]\d{9}$/.test(phone))).toBe(true);
    const shared = phones.length - new Set(phones).size;
    expect(shared).toBeGreaterThan(0);
    expect(shared).toBeLessThan(30);
    const years = records.patients.flatMap((p) => (p.dateOfBirth ? [Number(p.dateOfBirth.slice(0, 4))] : []));
    expect(Math.min(...years)).toBeLessThan(1950);
    expect(Math.max(...years)).toBeGreaterThan(2015);
    expect(new Set(records.patients.map((p) => p.gender))).toEqual(new Set(['MALE', 'FEMALE', 'OTHER']));
    expect(records.patients.every((p) => p.address?.includes('Pune 411'))).toBe(true);
  });

  it('spread the multi-hospital doctors and services over its three facilities', () => {
    const records = buildDemoRecords(multi.records, 'org', facilities, NOW);
    expect(new Set(records.doctors.map((d) => d.facilityId))).toEqual(new Set(facilities));
    expect(new Set(records.services.map((s) => s.facilityId))).toEqual(new Set(facilities));
    const scansAndTests = records.services.filter((s) => s.kind !== 'OTHER');
    expect(scansAndTests.length).toBeGreaterThanOrEqual(15);
    for (const item of scansAndTests) {
      expect(item.pricePaise).toBeGreaterThanOrEqual(20_000);
      expect(item.pricePaise).toBeLessThanOrEqual(900_000);
      expect(item.capacityPerSlot).toBeGreaterThanOrEqual(1);
      expect(item.capacityPerSlot).toBeLessThanOrEqual(4);
      expect(item.category).toBeTruthy();
    }
    expect(scansAndTests.some((s) => s.preparation?.startsWith('Fast for 10–12 hours'))).toBe(true);
  });

  it("send patients to a room: each doctor's own in their facility, each scan's and test's, within the 60 characters allowed", () => {
    for (const demo of [hospital, multi]) {
      const records = buildDemoRecords(demo.records, 'org', facilities, NOW);
      const rooms = records.doctors.map((d) => `${d.facilityId} ${d.room}`);
      expect(new Set(rooms).size).toBe(rooms.length);
      expect(records.doctors.every((d) => /^Room \d+, (ground|1st|2nd|3rd) floor$/.test(d.room ?? ''))).toBe(true);
    }
    const services = buildDemoRecords(multi.records, 'org', facilities, NOW).services;
    const scansAndTests = services.filter((s) => s.kind !== 'OTHER');
    expect(scansAndTests.every((s) => s.room && s.room.length <= 60)).toBe(true);
    expect(scansAndTests.find((s) => s.category === 'MRI')?.room).toBe('MRI suite, ground floor');
    expect(scansAndTests.find((s) => s.kind === 'TEST')?.room).toBe('Sample collection, ground floor');
  });
});
