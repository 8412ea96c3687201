import type { Service } from '@caredesk/shared';

let counter = 0;

/** A service as the API returns it (tests only: services, bookings). */
export function makeService(overrides: Partial<Service> = {}): Service {
  counter += 1;
  return {
    id: `40000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    facilityId: null,
    facilityName: null,
    kind: 'SCAN',
    name: `MRI Brain ${counter}`,
    category: 'MRI',
    description: null,
    pricePaise: 650_000,
    sacCode: null,
    gstRateBp: 0,
    durationMinutes: 30,
    preparation: 'Remove all metal objects.',
    reportTurnaroundHours: 24,
    imageUrl: null,
    availability: [],
    capacityPerSlot: 2,
    extraPerDay: 0,
    tokenPrefix: null,
    room: null,
    active: true,
    packageItems: [],
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export const servicePage = (data: Service[], total = data.length) => ({ data, total, page: 1, pageSize: 25 });
