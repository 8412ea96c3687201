import type { MenuArea, TokenQueueKind } from '@caredesk/shared';
import { sql, type SQL } from 'drizzle-orm';
import { doctors, services } from '../../db/schema/index.js';
import { appointmentKind, bookingKind, type VisitKind } from '../visits/index.js';

/**
 * A doctor's queue (appointments) or a scan/test's (bookings): the visit kind, read as the raw
 * SQL of the queue needs it. Both visit tables share the queue columns (schema queueTimes), so
 * one set of queries serves both.
 */
type Identifier = ReturnType<typeof sql.identifier>;

export interface QueueSource {
  kind: TokenQueueKind;
  dbKind: 'DOCTOR' | 'SERVICE';
  visit: VisitKind;
  area: MenuArea;
  visits: VisitKind['visits'];
  /** The visit's column naming its doctor or service. */
  ownerColumn: Identifier;
  owners: VisitKind['owners'];
  /** Extra condition on the owner table (scans and tests only). */
  ownerFilter: SQL;
  ownerSubtitle: SQL;
  /** DOCTOR, or the service's kind (SCAN, TEST). */
  ownerResource: SQL;
  history: VisitKind['history'];
  historyVisitColumn: Identifier;
  inService: string;
  doneStatuses: readonly string[];
  notFound: string;
}

function sourceOf(visit: VisitKind, queue: Pick<QueueSource, 'kind' | 'dbKind' | 'ownerSubtitle' | 'ownerResource'>): QueueSource {
  return {
    ...queue,
    visit,
    area: visit.area,
    visits: visit.visits,
    ownerColumn: sql.identifier(visit.visitOwnerId.name),
    owners: visit.owners,
    ownerFilter: visit.ownerScope ?? sql`true`,
    history: visit.history,
    historyVisitColumn: sql.identifier(visit.historyVisitId.name),
    inService: visit.inService,
    doneStatuses: visit.doneStatuses,
    notFound: visit.ownerNotFound,
  };
}

export const queueSources: Record<TokenQueueKind, QueueSource> = {
  doctors: sourceOf(appointmentKind, { kind: 'doctors', dbKind: 'DOCTOR', ownerSubtitle: sql`${doctors.specialization}`, ownerResource: sql`'DOCTOR'` }),
  services: sourceOf(bookingKind, { kind: 'services', dbKind: 'SERVICE', ownerSubtitle: sql`${services.category}`, ownerResource: sql`${services.kind}::text` }),
};
