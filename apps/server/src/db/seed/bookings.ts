import { DEFAULT_SERVICE_SLOT_MINUTES } from '@caredesk/shared';
import type { bookingHistory, bookings, services } from '../schema/index.js';
import { buildDemoVisits } from './visits.js';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];
type SeedService = Pick<typeof services.$inferSelect, 'id' | 'facilityId' | 'kind' | 'availability' | 'durationMinutes' | 'capacityPerSlot' | 'active' | 'pricePaise'>;

export interface DemoBookings {
  bookings: (Row<typeof bookings> & { id: string })[];
  history: Row<typeof bookingHistory>[];
}

const REASONS = ['Referred by Dr. Rao', 'Annual health check', 'Follow-up after treatment', 'Pre-operative work-up', 'Persistent back pain', 'Routine screening', null];
const CANCEL_REASONS = ['Patient travelling', 'Doctor changed the advice', 'Could not fast', 'Rescheduled by phone'];

/** Past, today's and upcoming scan and test bookings on the services' real slots (see buildDemoVisits). */
export function buildDemoBookings(input: {
  seed: number;
  organisationId: string;
  services: SeedService[];
  patientIds: string[];
  staffId: string;
  count: number;
  now: Date;
}): DemoBookings {
  const owners = input.services
    .filter((service) => service.kind !== 'OTHER')
    .map((service) => ({
      id: service.id,
      facilityId: service.facilityId,
      active: service.active,
      pricePaise: service.pricePaise,
      schedule: { availability: service.availability, slotMinutes: service.durationMinutes ?? DEFAULT_SERVICE_SLOT_MINUTES, capacity: service.capacityPerSlot, leaveDates: [] },
    }));
  const { visits, history } = buildDemoVisits({ ...input, owners, reasons: REASONS, cancelReasons: CANCEL_REASONS });
  return {
    bookings: visits.map(({ ownerId, status, ...visit }) => ({ ...visit, serviceId: ownerId, status: status === 'IN_SERVICE' ? 'IN_PROGRESS' : status })),
    history: history.map(({ visitId, fromStatus, toStatus, ...entry }) => ({
      ...entry,
      bookingId: visitId,
      fromStatus: fromStatus === 'IN_SERVICE' ? 'IN_PROGRESS' : fromStatus,
      toStatus: toStatus === 'IN_SERVICE' ? 'IN_PROGRESS' : toStatus,
    })),
  };
}
