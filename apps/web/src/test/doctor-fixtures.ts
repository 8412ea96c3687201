import type { Doctor } from '@caredesk/shared';

let counter = 0;

/** A doctor as the API returns it (tests only). */
export function makeDoctor(overrides: Partial<Doctor> = {}): Doctor {
  counter += 1;
  return {
    id: `20000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    facilityId: null,
    facilityName: null,
    name: `Dr. Meera Iyer ${counter}`,
    photoUrl: null,
    specialization: 'Cardiology',
    qualifications: 'MBBS, MD',
    experienceYears: 12,
    consultationFeePaise: 50_000,
    phone: '+919876543210',
    email: 'meera@example.test',
    bio: null,
    slotMinutes: 15,
    patientsPerSlot: 1,
    extraPerDay: 0,
    availability: [],
    leaveDates: [],
    active: true,
    tokenPrefix: null,
    room: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function doctorPage(data: Doctor[], total = data.length, page = 1, pageSize = 25) {
  return { data, total, page, pageSize };
}
