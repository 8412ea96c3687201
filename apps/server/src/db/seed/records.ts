import { addDays, DEFAULT_TIME_ZONE, phoneDigits, searchKey, todayIn, verhoeffCheckDigit, type AvailabilityWindow, type bloodGroups, type Gender } from '@caredesk/shared';
import type { doctors, patients, services } from '../schema/index.js';
import {
  DOCTOR_SCHEDULES,
  LOCALITIES,
  NAME_POOLS,
  OTHER_SERVICES,
  PATIENT_NOTES,
  QUALIFICATIONS,
  SAMPLE_COLLECTION_ROOM,
  SCANS_AND_TESTS,
  SERVICE_ROOMS,
  STREETS,
  type NameRegion,
  type SchedulePattern,
} from './record-data.js';
import { random, type Random } from './random.js';

export interface DemoDoctorSpec {
  name: string;
  specialization: string;
  /** Index into the organisation's facilities; 0 when omitted. */
  facility?: number;
  active?: boolean;
}

/** What one demo organisation gets besides its accounts (design.md §8). */
export interface DemoRecordsPlan {
  /** Seeds the organisation's own random stream: the same plan always yields the same rows. */
  seed: number;
  emailDomain: string;
  doctors: DemoDoctorSpec[];
  scansAndTests: number;
  otherServices: number;
  patients: number;
  /** Patients' home towns, picked uniformly (repeat a city to weight it). */
  cities: (keyof typeof LOCALITIES)[];
  regions: [NameRegion, number][];
}

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];
export interface DemoRecords {
  doctors: Row<typeof doctors>[];
  services: Row<typeof services>[];
  patients: Row<typeof patients>[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function expand(pattern: SchedulePattern): AvailabilityWindow[] {
  return pattern.flatMap(([weekdays, start, end]) => weekdays.map((weekday) => ({ weekday, start, end })));
}

/** A +91 mobile number (6–9 first) not yet in `taken`. */
function mobile(rng: Random, taken: Set<string>): string {
  for (;;) {
    const phone = `+91${rng.int(6, 9)}${String(rng.int(0, 999_999_999)).padStart(9, '0')}`;
    if (!taken.has(phone)) {
      taken.add(phone);
      return phone;
    }
  }
}

const emailPart = (text: string) => searchKey(text).replace(/[^a-z]/g, '');

const FLOORS = ['ground floor', '1st floor', '2nd floor', '3rd floor'];

/** Consulting rooms numbered from 1 in each facility, six to a floor: 'Room 7, 1st floor'. */
function consultingRooms(plan: DemoRecordsPlan): string[] {
  const used = new Map<number, number>();
  return plan.doctors.map((spec) => {
    const number = (used.get(spec.facility ?? 0) ?? 0) + 1;
    used.set(spec.facility ?? 0, number);
    return `Room ${number}, ${FLOORS[Math.min(Math.floor((number - 1) / 6), FLOORS.length - 1)]!}`;
  });
}

function buildDoctors(plan: DemoRecordsPlan, rng: Random, organisationId: string, facilityIds: string[], now: Date): Row<typeof doctors>[] {
  const today = todayIn(DEFAULT_TIME_ZONE, now);
  const phones = new Set<string>();
  const rooms = consultingRooms(plan);
  return plan.doctors.map((spec, index) => {
    const experienceYears = rng.int(3, 32);
    const qualifications = QUALIFICATIONS[spec.specialization] ?? 'MBBS';
    const [first = '', ...rest] = spec.name.replace(/^Dr\.\s*/, '').split(' ');
    const createdAt = new Date(now.getTime() - (420 - index * 11) * DAY_MS);
    return {
      organisationId,
      facilityId: facilityIds[spec.facility ?? 0] ?? facilityIds[0]!,
      name: spec.name,
      nameKey: searchKey(spec.name),
      specialization: spec.specialization,
      qualifications,
      experienceYears,
      consultationFeePaise: rng.int(6, 24) * 5_000,
      phone: mobile(rng, phones),
      email: `${emailPart(first)}.${emailPart(rest.join(''))}@${plan.emailDomain}`,
      bio: `${spec.specialization} consultant with ${experienceYears} years of experience (${qualifications}).`,
      room: rooms[index]!,
      slotMinutes: rng.pick([10, 15, 20]),
      patientsPerSlot: rng.int(1, 3),
      availability: expand(DOCTOR_SCHEDULES[index % DOCTOR_SCHEDULES.length]!),
      // Every fourth doctor is away one day next week, so the slot view shows a leave day.
      leaveDates: index % 4 === 1 ? [addDays(today, 7 + (index % 5))] : [],
      active: spec.active ?? true,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

function buildServices(plan: DemoRecordsPlan, organisationId: string, facilityIds: string[], now: Date): Row<typeof services>[] {
  const facilityOf = (index: number) => facilityIds[index % facilityIds.length]!;
  const createdAt = new Date(now.getTime() - 380 * DAY_MS);
  const scansAndTests = SCANS_AND_TESTS.slice(0, plan.scansAndTests).map((item, index) => ({
    organisationId,
    facilityId: facilityOf(index),
    kind: item.kind,
    name: item.name,
    nameKey: searchKey(item.name),
    category: item.category,
    description: item.description,
    pricePaise: item.pricePaise,
    durationMinutes: item.durationMinutes,
    preparation: item.preparation,
    reportTurnaroundHours: item.reportTurnaroundHours,
    availability: expand(item.schedule),
    capacityPerSlot: item.capacityPerSlot,
    room: item.kind === 'TEST' ? SAMPLE_COLLECTION_ROOM : (SERVICE_ROOMS[item.category] ?? null),
    createdAt,
    updatedAt: createdAt,
  }));
  const others = OTHER_SERVICES.slice(0, plan.otherServices).map((item, index) => ({
    organisationId,
    facilityId: facilityOf(index),
    kind: 'OTHER' as const,
    name: item.name,
    nameKey: searchKey(item.name),
    category: item.category,
    description: item.description,
    pricePaise: item.pricePaise,
    durationMinutes: item.durationMinutes,
    createdAt,
    updatedAt: createdAt,
  }));
  return [...scansAndTests, ...others];
}

const BLOOD_GROUP_SHARE: [(typeof bloodGroups)[number] | null, number][] = [
  ['B+', 30],
  ['O+', 30],
  ['A+', 21],
  ['AB+', 7],
  ['B-', 2],
  ['O-', 2],
  ['A-', 2],
  ['AB-', 1],
  [null, 5],
];

interface Family {
  surname: string;
  region: NameRegion;
  phone: string;
  address: string;
}

function buildPatients(plan: DemoRecordsPlan, rng: Random, organisationId: string, now: Date): Row<typeof patients>[] {
  const today = todayIn(DEFAULT_TIME_ZONE, now);
  const phones = new Set<string>();
  const families: Family[] = [];
  const rows: Row<typeof patients>[] = [];
  for (let index = 0; index < plan.patients; index += 1) {
    // About one patient in twenty shares a phone (and home) with an earlier family member.
    const family = families.length > 10 && rng.next() < 0.05 ? rng.pick(families) : undefined;
    const region = family?.region ?? rng.weighted(plan.regions);
    const pool = NAME_POOLS[region];
    const gender: Gender = rng.weighted([
      ['FEMALE', 50],
      ['MALE', 49],
      ['OTHER', 1],
    ] as const);
    const first = rng.pick(gender === 'MALE' ? pool.male : gender === 'FEMALE' ? pool.female : [...pool.male, ...pool.female]);
    let surname = family?.surname ?? rng.pick(pool.surnames);
    if (gender === 'MALE' && surname === 'Kaur') surname = 'Singh';
    if (gender === 'MALE' && surname === 'Begum') surname = 'Khan';
    const city = rng.pick(plan.cities);
    const locality = rng.pick(LOCALITIES[city]);
    const address =
      family?.address ??
      `${rng.pick(['Flat', 'House No.', 'Plot'])} ${rng.int(1, 40) * (rng.next() < 0.5 ? 1 : 10) + rng.int(0, 9)}, ${rng.pick(STREETS)}, ${locality.name}, ${city} ${locality.pincode}`;
    const phone = family?.phone ?? mobile(rng, phones);
    if (!family) families.push({ surname, region, phone, address });

    const year = rng.int(1940, 2024);
    // Some give only their age at the desk: 1 January of the birth year, marked estimated.
    const dobEstimated = rng.next() < 0.08;
    const dateOfBirth = rng.next() < 0.03 ? null : dobEstimated ? `${year}-01-01` : `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
    // About one in four has an ABHA number (Verhoeff-checked) and some an ABHA address.
    const abhaBody = rng.next() < 0.25 ? `91${Array.from({ length: 11 }, () => rng.int(0, 9)).join('')}` : null;
    const abhaNumber = abhaBody ? abhaBody + verhoeffCheckDigit(abhaBody) : null;
    const name = `${first} ${surname}`;
    const createdAt = new Date(now.getTime() - rng.int(1, 540) * DAY_MS - rng.int(0, 86_399) * 1000);
    rows.push({
      organisationId,
      name,
      nameKey: searchKey(name),
      phone,
      phoneDigits: phoneDigits(phone),
      email: rng.next() < 0.3 ? `${emailPart(first)}.${emailPart(surname)}${rng.int(1, 99)}@example.com` : null,
      gender,
      dateOfBirth: dateOfBirth && dateOfBirth <= today ? dateOfBirth : null,
      dobEstimated: Boolean(dateOfBirth && dobEstimated),
      abhaNumber,
      abhaAddress: abhaNumber && rng.next() < 0.5 ? `${emailPart(first).slice(0, 8)}.${abhaNumber.slice(-6)}@abdm` : null,
      bloodGroup: rng.weighted(BLOOD_GROUP_SHARE),
      address,
      notes: rng.next() < 0.12 ? rng.pick(PATIENT_NOTES) : null,
      // Asked at registration, as the desk does: the demo's patients get their messages.
      messageConsent: true,
      messageConsentAt: createdAt,
      messageConsentBy: 'Registration desk',
      createdAt,
      updatedAt: createdAt,
    });
  }
  // UHIDs are given in insert order (the database's trigger): register the oldest first.
  return rows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
}

/** The organisation's doctors, services and patients; pure, so tests can check it is repeatable. */
export function buildDemoRecords(plan: DemoRecordsPlan, organisationId: string, facilityIds: string[], now: Date): DemoRecords {
  const rng = random(plan.seed);
  return {
    doctors: buildDoctors(plan, rng, organisationId, facilityIds, now),
    services: buildServices(plan, organisationId, facilityIds, now),
    patients: buildPatients(plan, rng, organisationId, now),
  };
}
