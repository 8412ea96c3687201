import { appointmentSummarySchema, tokenLabel, type Appointment, type AppointmentSummary, type Doctor, type Patient } from '@caredesk/shared';

let counter = 0;
const id = (prefix: string) => {
  counter += 1;
  return `${prefix}-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

/** An appointment as the API returns it (tests only). */
export function makeAppointment(overrides: Partial<Appointment> = {}): Appointment {
  const tokenNumber = overrides.tokenNumber ?? 1;
  return {
    id: id('50000000'),
    facilityId: null,
    doctorId: '20000000-0000-4000-8000-000000000001',
    doctorName: 'Dr. Meera Iyer',
    specialization: 'Cardiology',
    patientId: '30000000-0000-4000-8000-000000000001',
    patientName: 'Lakshmi Narayan',
    patientPhone: '+919876543210',
    date: '2026-11-22',
    startTime: '09:30',
    endTime: '09:45',
    tokenNumber,
    tokenLabel: tokenLabel(tokenNumber),
    status: 'BOOKED',
    reason: null,
    notes: null,
    cancelReason: null,
    feePaise: 50_000,
    paymentStatus: 'UNPAID',
    source: 'CONSOLE',
    awaitingConfirmation: false,
    overbooked: false,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

/** The row GET /appointments answers for it: the list's columns only (no reason, notes or fee). */
export function appointmentRow(appointment: Appointment): AppointmentSummary {
  return appointmentSummarySchema.parse(appointment);
}

/** A doctor as GET /doctors returns it (tokenPrefix included for the newer contract). */
export function makeDoctor(overrides: Partial<Doctor> = {}): Doctor {
  return {
    id: id('20000000'),
    facilityId: null,
    facilityName: null,
    name: 'Dr. Meera Iyer',
    photoUrl: null,
    specialization: 'Cardiology',
    qualifications: null,
    experienceYears: 12,
    consultationFeePaise: 50_000,
    phone: null,
    email: null,
    bio: null,
    tokenPrefix: null,
    room: null,
    slotMinutes: 15,
    patientsPerSlot: 1,
    extraPerDay: 0,
    availability: [],
    leaveDates: [],
    active: true,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function makePatient(overrides: Partial<Patient> = {}): Patient {
  return {
    id: id('30000000'),
    uhid: 'SUN-000042',
    name: 'Lakshmi Narayan',
    phone: '+919876543210',
    email: null,
    gender: 'FEMALE',
    dateOfBirth: '1985-11-03',
    dobEstimated: false,
    bloodGroup: null,
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

export { page, recording } from '@/test/fake-api';
