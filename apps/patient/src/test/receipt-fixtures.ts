import type { PatientReceipt } from '@caredesk/shared';

export function receipt(overrides: Partial<PatientReceipt> = {}): PatientReceipt {
  return {
    kind: 'RECEIPT',
    id: '5d1e7c1a-8b7e-4f3a-9d39-0000000000r1',
    number: 'SMH-RCT/2026-27/000123',
    organisationId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    organisationName: 'Sanjeevani Multispeciality Hospital',
    facilityName: 'Main campus',
    billNumber: 'SMH-INV/2026-27/000077',
    visit: { kind: 'APPOINTMENT', id: '0b8e1f64-3c1a-4a43-9b0e-000000000001' },
    items: ['Consultation: Dr. Kavya Rao', 'Registration'],
    mode: 'UPI',
    amountPaise: 70_050,
    businessDate: '2026-11-27',
    createdAt: '2026-11-27T05:30:00.000Z',
    ...overrides,
  };
}

export function creditNote(overrides: Partial<PatientReceipt> = {}): PatientReceipt {
  return receipt({ kind: 'CREDIT_NOTE', id: '5d1e7c1a-8b7e-4f3a-9d39-0000000000c1', number: 'SMH-CN/2026-27/000004', mode: 'CASH', amountPaise: 10_000, ...overrides });
}
