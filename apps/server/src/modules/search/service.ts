import { canAccessArea, searchKey, type SearchResult, type ServiceKind } from '@caredesk/shared';
import { and, asc, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { doctors, services } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { escapeLike, nameKeyMatches } from '../../lib/list-query.js';
import { findPatients } from '../patients/index.js';

export interface SearchQuery {
  q: string;
  limit: number;
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** The service kinds whose menu area (Scans / Other Services) the caller's sidebar shows. */
function visibleServiceKinds(caller: StaffContext): ServiceKind[] {
  const kinds: ServiceKind[] = [];
  if (canAccessArea(caller.organisationType, caller.role, 'scans')) kinds.push('SCAN', 'TEST');
  if (canAccessArea(caller.organisationType, caller.role, 'services')) kinds.push('OTHER');
  return kinds;
}

async function searchPatients(db: Db, caller: StaffContext, query: SearchQuery): Promise<SearchResult[]> {
  // The patients list's own matching: name, phone, UHID (or its bare number), ABHA number and address.
  const rows = await findPatients(db, caller.organisationId, query.q, query.limit);
  return rows.map((row) => ({ kind: 'patient', id: row.id, title: row.name, subtitle: `${row.uhid} · ${row.phone}`, path: `/user/${row.id}` }));
}

async function searchDoctors(db: Db, caller: StaffContext, query: SearchQuery): Promise<SearchResult[]> {
  const key = escapeLike(searchKey(query.q));
  // Specializations come from a short list ('Cardiology', 'General Medicine'): word prefix too.
  const specialization = sql`lower(${doctors.specialization})`;
  const specializationMatches = or(like(specialization, `${key}%`), like(specialization, `% ${key}%`));
  const rows = await db
    .select({ id: doctors.id, name: doctors.name, specialization: doctors.specialization })
    .from(doctors)
    .where(and(eq(doctors.organisationId, caller.organisationId), or(nameKeyMatches(doctors.nameKey, query.q), specializationMatches)))
    .orderBy(desc(doctors.active), asc(doctors.nameKey), asc(doctors.id))
    .limit(query.limit);
  return rows.map((row) => ({ kind: 'doctor', id: row.id, title: row.name, subtitle: row.specialization, path: `/doctor/${row.id}` }));
}

async function searchServices(db: Db, caller: StaffContext, query: SearchQuery, kinds: ServiceKind[]): Promise<SearchResult[]> {
  const rows = await db
    .select({ id: services.id, kind: services.kind, name: services.name, category: services.category, pricePaise: services.pricePaise })
    .from(services)
    .where(and(eq(services.organisationId, caller.organisationId), inArray(services.kind, kinds), nameKeyMatches(services.nameKey, query.q)))
    .orderBy(desc(services.active), asc(services.nameKey), asc(services.id))
    .limit(query.limit);
  return rows.map((row) => ({
    kind: 'service',
    id: row.id,
    title: row.name,
    subtitle: [row.category, rupees.format(row.pricePaise / 100)].filter(Boolean).join(' · '),
    path: row.kind === 'OTHER' ? `/service/${row.id}` : `/scan/${row.id}`,
  }));
}

/**
 * The header search: patients by name or phone digits, doctors by name or specialization,
 * services by name; each kind only when the caller's menu shows its area, each scoped to the
 * caller's organisation, at most `limit` of each, active records first.
 */
export async function searchEverything(db: Db, caller: StaffContext, query: SearchQuery): Promise<SearchResult[]> {
  // Nothing left to match (e.g. only accents or spaces): an empty pattern would match everyone.
  if (!searchKey(query.q)) return [];
  const can = (area: 'patients' | 'doctors') => canAccessArea(caller.organisationType, caller.role, area);
  const serviceKinds = visibleServiceKinds(caller);
  const [patientResults, doctorResults, serviceResults] = await Promise.all([
    can('patients') ? searchPatients(db, caller, query) : [],
    can('doctors') ? searchDoctors(db, caller, query) : [],
    serviceKinds.length ? searchServices(db, caller, query, serviceKinds) : [],
  ]);
  return [...patientResults, ...doctorResults, ...serviceResults];
}
