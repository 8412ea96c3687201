import type { Paginated, PatientAppointment, PatientBooking } from '@caredesk/shared';

const organisationId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

export function appointment(overrides: Partial<PatientAppointment> = {}): PatientAppointment {
  return {
    id: '0b8e1f64-3c1a-4a43-9b0e-000000000001',
    doctorId: '0b8e1f64-3c1a-4a43-9b0e-0000000000d1',
    doctorName: 'Dr. Kavya Rao',
    specialization: 'Cardiology',
    patientId: '0b8e1f64-3c1a-4a43-9b0e-0000000000p1',
    patientName: 'Asha Verma',
    date: '2099-03-14',
    startTime: '10:30',
    endTime: '10:45',
    tokenNumber: 7,
    tokenLabel: 'A-007',
    status: 'BOOKED',
    reason: null,
    cancelReason: null,
    feePaise: 50000,
    paymentStatus: 'UNPAID',
    source: 'APP',
    awaitingConfirmation: false,
    createdAt: '2099-03-01T10:00:00.000Z',
    updatedAt: '2099-03-01T10:00:00.000Z',
    organisationId,
    organisationName: 'Sanjeevani Multispeciality Hospital',
    facility: { id: '0b8e1f64-3c1a-4a43-9b0e-0000000000f1', name: 'Main campus' },
    ...overrides,
  };
}

export function booking(overrides: Partial<PatientBooking> = {}): PatientBooking {
  return {
    id: '0b8e1f64-3c1a-4a43-9b0e-000000000002',
    serviceId: '0b8e1f64-3c1a-4a43-9b0e-0000000000s1',
    serviceName: 'MRI Brain',
    serviceKind: 'SCAN',
    category: 'MRI',
    patientId: '0b8e1f64-3c1a-4a43-9b0e-0000000000p1',
    patientName: 'Asha Verma',
    date: '2020-01-10',
    startTime: '09:00',
    endTime: '09:30',
    tokenNumber: 3,
    tokenLabel: 'S-003',
    status: 'COMPLETED',
    reason: null,
    cancelReason: null,
    pricePaise: 450000,
    paymentStatus: 'PAID',
    source: 'CONSOLE',
    awaitingConfirmation: false,
    createdAt: '2020-01-01T10:00:00.000Z',
    updatedAt: '2020-01-10T10:00:00.000Z',
    organisationId,
    organisationName: 'Lotus Diagnostics & Imaging',
    facility: null,
    tests: [],
    ...overrides,
  };
}

export function page<T>(data: T[]): Paginated<T> {
  return { data, total: data.length, page: 1, pageSize: 200 };
}
