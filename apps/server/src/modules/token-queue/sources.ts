import type { MenuArea, TokenQueueKind } from '@caredesk/shared';
import { sql, type SQL } from 'drizzle-orm';
import { appointmentHistory, appointments, bookingHistory, bookings, doctors, services } from '../../db/schema/index.js';

/**
 * What differs between a doctor's queue (appointments) and a scan/test's (bookings). Both visit
 * tables share the queue columns (schema queueTimes), so one set of queries serves both.
 */
type Identifier = ReturnType<typeof sql.identifier>;

export interface QueueSource {
  kind: TokenQueueKind;
  dbKind: 'DOCTOR' | 'SERVICE';
  area: MenuArea;
  visits: typeof appointments | typeof bookings;
  /** The visit's column naming its doctor or service. */
  ownerColumn: Identifier;
  owners: typeof doctors | typeof services;
  /** Extra condition on the owner table (scans and tests only). */
  ownerFilter: SQL;
  ownerSubtitle: SQL;
  /** DOCTOR, or the service's kind (SCAN, TEST). */
  ownerResource: SQL;
  history: typeof appointmentHistory | typeof bookingHistory;
  historyVisitColumn: Identifier;
  /** The status of the visit being served: the patient is with the doctor / in the scan room. */
  inService: 'IN_CONSULTATION' | 'IN_PROGRESS';
  doneStatuses: readonly string[];
  event: 'appointment.updated' | 'booking.updated';
  notFound: string;
}

export const queueSources: Record<TokenQueueKind, QueueSource> = {
  doctors: {
    kind: 'doctors',
    dbKind: 'DOCTOR',
    area: 'appointments',
    visits: appointments,
    ownerColumn: sql.identifier('doctor_id'),
    owners: doctors,
    ownerFilter: sql`true`,
    ownerSubtitle: sql`${doctors.specialization}`,
    ownerResource: sql`'DOCTOR'`,
    history: appointmentHistory,
    historyVisitColumn: sql.identifier('appointment_id'),
    inService: 'IN_CONSULTATION',
    doneStatuses: ['COMPLETED'],
    event: 'appointment.updated',
    notFound: 'Doctor not found',
  },
  services: {
    kind: 'services',
    dbKind: 'SERVICE',
    area: 'bookings',
    visits: bookings,
    ownerColumn: sql.identifier('service_id'),
    owners: services,
    ownerFilter: sql`${services.kind} in ('SCAN', 'TEST')`,
    ownerSubtitle: sql`${services.category}`,
    ownerResource: sql`${services.kind}::text`,
    history: bookingHistory,
    historyVisitColumn: sql.identifier('booking_id'),
    inService: 'IN_PROGRESS',
    doneStatuses: ['COMPLETED', 'REPORT_READY'],
    event: 'booking.updated',
    notFound: 'Scan or test not found',
  },
};

/** Rows of a raw query: node-postgres and PGlite both answer { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
