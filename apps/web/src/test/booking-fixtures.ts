import { bookingSummarySchema, tokenLabel, type Booking, type BookingSummary } from '@caredesk/shared';

let counter = 0;

/** A scan or test booking as the API returns it (tests only; the bookings list and the patient view). */
export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  counter += 1;
  const tokenNumber = overrides.tokenNumber ?? 1;
  return {
    id: `60000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    facilityId: null,
    serviceId: '40000000-0000-4000-8000-000000000001',
    serviceName: 'MRI Brain',
    serviceKind: 'SCAN',
    category: 'MRI',
    patientId: '30000000-0000-4000-8000-000000000001',
    patientName: 'Lakshmi Narayan',
    patientPhone: '+919876543210',
    date: '2026-11-22',
    startTime: '09:30',
    endTime: '10:00',
    tokenNumber,
    tokenLabel: tokenLabel(tokenNumber, 'MR'),
    status: 'BOOKED',
    reason: null,
    notes: null,
    cancelReason: null,
    pricePaise: 650_000,
    paymentStatus: 'UNPAID',
    source: 'CONSOLE',
    awaitingConfirmation: false,
    overbooked: false,
    report: null,
    tests: [],
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

/** The row GET /bookings answers for it: the list's columns only (no reason, notes, price or report). */
export function bookingRow(booking: Booking): BookingSummary {
  return bookingSummarySchema.parse(booking);
}
