import type { PatientWaitlistEntry } from '@caredesk/shared';

/** A place on a waitlist as GET /api/patient/waitlist answers it: Dr. Kavya Rao's full Saturday. */
export function waitlistEntry(overrides: Partial<PatientWaitlistEntry> = {}): PatientWaitlistEntry {
  return {
    id: '5f0c7a52-9d1e-4c4b-8a57-000000000001',
    kind: 'appointment',
    ownerId: '0b8e1f64-3c1a-4a43-9b0e-0000000000d1',
    ownerName: 'Dr. Kavya Rao',
    date: '2099-03-14',
    status: 'WAITING',
    position: 2,
    offer: null,
    // Whatever got as far as an offer (held, booked, declined, lapsed); lapsedEntry(false) for a line the day's end closed unoffered.
    wasOffered: overrides.status !== undefined && overrides.status !== 'WAITING' && overrides.status !== 'LEFT',
    visitId: null,
    createdAt: '2099-03-01T10:00:00.000Z',
    patientName: 'Asha Verma',
    organisation: { name: 'Sanjeevani Multispeciality Hospital', slug: 'sanjeevani-hospital' },
    ...overrides,
  };
}

/** The same place, held for the patient until `minutesLeft` from now. */
export function offeredEntry(minutesLeft: number, overrides: Partial<PatientWaitlistEntry> = {}): PatientWaitlistEntry {
  const now = Date.now();
  return waitlistEntry({
    status: 'OFFERED',
    position: 1,
    offer: { startTime: '10:30', offeredAt: new Date(now - 60_000).toISOString(), expiresAt: new Date(now + minutesLeft * 60_000).toISOString() },
    ...overrides,
  });
}

/**
 * The same place closed LAPSED, as the server answers it: `offered`, a place was held for the
 * patient and the hold ran out; not, the day ended while they still waited, no place having opened.
 */
export function lapsedEntry(offered: boolean, overrides: Partial<PatientWaitlistEntry> = {}): PatientWaitlistEntry {
  return waitlistEntry({ status: 'LAPSED', position: null, wasOffered: offered, ...overrides });
}
