import { patientSummaryOf, type Patient } from '@caredesk/shared';

let counter = 0;

/** A patient as the API returns it (tests only: patients, bookings). */
export function makePatient(overrides: Partial<Patient> = {}): Patient {
  counter += 1;
  return {
    id: `30000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    uhid: `SUN-${String(counter).padStart(6, '0')}`,
    name: `Ravi Kumar ${counter}`,
    phone: '+919876543210',
    email: null,
    gender: 'MALE',
    dateOfBirth: '1990-04-12',
    dobEstimated: false,
    bloodGroup: 'O+',
    address: null,
    notes: null,
    abhaNumber: null,
    abhaAddress: null,
    messageConsent: true,
    messageConsentAt: '2026-01-05T10:00:00.000Z',
    messageConsentBy: 'Asha Admin',
    messageLanguage: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** A page of the list as GET /patients answers it: the rows' summary columns only. */
export function patientPage(data: Patient[], total = data.length, page = 1, pageSize = 25) {
  return { data: data.map((patient) => patientSummaryOf(patient)), total, page, pageSize };
}
