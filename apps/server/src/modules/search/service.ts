import { canAccessArea, searchKey, type SearchResult, type ServiceKind } from '@caredesk/shared';
import { and, asc, desc, eq, inArray, like, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
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

/** The patients the list's own matching finds: name, phone, UHID (or its bare number), ABHA number and address. */
function patientsQuery(db: Db, caller: StaffContext, query: SearchQuery) {
  return findPatients(db, caller.organisationId, query.q, query.limit);
}

function doctorsQuery(db: Db, caller: StaffContext, query: SearchQuery) {
  const key = escapeLike(searchKey(query.q));
  // Specializations come from a short list ('Cardiology', 'General Medicine'): word prefix too.
  const specialization = sql`lower(${doctors.specialization})`;
  const specializationMatches = or(like(specialization, `${key}%`), like(specialization, `% ${key}%`));
  return db
    .select({ id: doctors.id, name: doctors.name, specialization: doctors.specialization })
    .from(doctors)
    .where(and(eq(doctors.organisationId, caller.organisationId), or(nameKeyMatches(doctors.nameKey, query.q), specializationMatches)))
    .orderBy(desc(doctors.active), asc(doctors.nameKey), asc(doctors.id))
    .limit(query.limit);
}

function servicesQuery(db: Db, caller: StaffContext, query: SearchQuery, kinds: ServiceKind[]) {
  return db
    .select({ id: services.id, kind: services.kind, name: services.name, category: services.category, pricePaise: services.pricePaise })
    .from(services)
    .where(and(eq(services.organisationId, caller.organisationId), inArray(services.kind, kinds), nameKeyMatches(services.nameKey, query.q)))
    .orderBy(desc(services.active), asc(services.nameKey), asc(services.id))
    .limit(query.limit);
}

/**
 * A query's rows as one JSON array, in its order (json_agg reads the ordered subquery's rows as they
 * come), under the names the query selects them by; none when the caller may not see the kind.
 */
function jsonRows(query: (SQLWrapper & { _: { selectedFields: Record<string, unknown> } }) | undefined): SQL {
  if (!query) return sql`'[]'::json`;
  const fields = Object.keys(query._.selectedFields).map((name) => sql`${sql.raw(`'${name}'`)}, t.${sql.identifier(`c${name}`)}`);
  const aliased = Object.keys(query._.selectedFields).map((name) => sql.identifier(`c${name}`));
  return sql`(select coalesce(json_agg(json_build_object(${sql.join(fields, sql`, `)})), '[]'::json) from (${query}) as t(${sql.join(aliased, sql`, `)}))`;
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
  // One statement for the three kinds, each a subquery read as JSON: a header search holds one
  // pooled connection for one round trip, not three.
  const [row] = rowsOf<{ patients: PatientRow[]; doctors: DoctorRow[]; services: ServiceRow[] }>(
    await db.execute(sql`select
      ${jsonRows(can('patients') ? patientsQuery(db, caller, query) : undefined)} as patients,
      ${jsonRows(can('doctors') ? doctorsQuery(db, caller, query) : undefined)} as doctors,
      ${jsonRows(serviceKinds.length ? servicesQuery(db, caller, query, serviceKinds) : undefined)} as services`),
  );
  return [
    ...row!.patients.map((p): SearchResult => ({ kind: 'patient', id: p.id, title: p.name, subtitle: `${p.uhid} · ${p.phone}`, path: `/user/${p.id}` })),
    ...row!.doctors.map((d): SearchResult => ({ kind: 'doctor', id: d.id, title: d.name, subtitle: d.specialization, path: `/doctor/${d.id}` })),
    ...row!.services.map((r): SearchResult => ({
      kind: 'service',
      id: r.id,
      title: r.name,
      subtitle: [r.category, rupees.format(r.pricePaise / 100)].filter(Boolean).join(' · '),
      path: r.kind === 'OTHER' ? `/service/${r.id}` : `/scan/${r.id}`,
    })),
  ];
}

type PatientRow = { id: string; name: string; phone: string; uhid: string };
type DoctorRow = { id: string; name: string; specialization: string };
type ServiceRow = { id: string; kind: ServiceKind; name: string; category: string | null; pricePaise: number };
