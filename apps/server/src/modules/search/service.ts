import { canAccessArea, searchKey, type SearchResult, type ServiceKind } from '@caredesk/shared';
import { and, asc, desc, eq, inArray, like, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { preparedPerDb } from '../../db/prepared.js';
import { doctors, organisations, services } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { escapeLike, nameKeyMatches } from '../../lib/list-query.js';
import { findPatients, findPatientsByDigits, findPatientsByName, preparedTerm, type PreparedTerm } from '../patients/index.js';

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

/** What a caller's menu lets the header search find: each shape is a statement of its own. */
interface SearchShape {
  /** The patients' part, by the kind of term; none when the menu has no Patients. */
  patients: 'name' | 'phone' | 'phoneOrUhid' | undefined;
  doctors: boolean;
  serviceKinds: ServiceKind[];
}

const p = (name: string) => sql.placeholder(name);

/**
 * The header search of a name, as one prepared statement per shape of menu (at most a dozen), its
 * values placeholders: drizzle rebuilt the three subqueries' SQL on every keystroke's request,
 * a fifth of the route's CPU in Node under load (issue #18). The same SQL as patientsQuery,
 * doctorsQuery and servicesQuery build (`prefix` and `wordPrefix` are nameKeyMatches' patterns),
 * read from the caller's organisation row so that it is a select drizzle can prepare.
 */
const searchStatements = preparedPerDb((db) => {
  const built = new Map<string, ReturnType<typeof buildSearch>>();
  return (shape: SearchShape) => {
    const name = `header_search_${shape.patients ?? 'none'}_${shape.doctors ? 'd' : ''}_${shape.serviceKinds.join('_').toLowerCase()}`;
    let statement = built.get(name);
    if (!statement) {
      statement = buildSearch(db, shape, name);
      built.set(name, statement);
    }
    return statement;
  };
});

function patientsShape(term: PreparedTerm): SearchShape['patients'] {
  if (term.kind === 'name') return 'name';
  return term.uhidNumber === undefined ? 'phone' : 'phoneOrUhid';
}

function preparedSearch(db: Db, shape: SearchShape) {
  return searchStatements(db)(shape);
}

function buildSearch(db: Db, shape: SearchShape, name: string) {
  const organisationId = p('organisationId');
  const matchesName = (column: AnyColumn) => or(like(column, p('prefix')), like(column, p('wordPrefix')));
  const values = { organisationId, namePrefix: p('namePrefix'), pattern: p('pattern'), wordPattern: p('wordPattern'), limit: p('limit') };
  const specialization = sql`lower(${doctors.specialization})`;
  const doctorsFound = db
    .select({ id: doctors.id, name: doctors.name, specialization: doctors.specialization })
    .from(doctors)
    .where(and(eq(doctors.organisationId, organisationId), or(matchesName(doctors.nameKey), like(specialization, p('prefix')), like(specialization, p('wordPrefix')))))
    .orderBy(desc(doctors.active), asc(doctors.nameKey), asc(doctors.id))
    .limit(p('limit'));
  const servicesFound = db
    .select({ id: services.id, kind: services.kind, name: services.name, category: services.category, pricePaise: services.pricePaise })
    .from(services)
    .where(and(eq(services.organisationId, organisationId), inArray(services.kind, shape.serviceKinds), matchesName(services.nameKey)))
    .orderBy(desc(services.active), asc(services.nameKey), asc(services.id))
    .limit(p('limit'));
  const patientsFound =
    shape.patients === 'name'
      ? findPatientsByName(db, values)
      : shape.patients === undefined
        ? undefined
        : findPatientsByDigits(db, shape.patients === 'phoneOrUhid', organisationId, p('limit'));
  return db
    .select({
      patients: sql<PatientRow[]>`${jsonRows(patientsFound)}`,
      doctors: sql<DoctorRow[]>`${jsonRows(shape.doctors ? doctorsFound : undefined)}`,
      services: sql<ServiceRow[]>`${jsonRows(shape.serviceKinds.length ? servicesFound : undefined)}`,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .prepare(name);
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
  const term = preparedTerm(query.q);
  let row: FoundRows | undefined;
  if (term) {
    const key = escapeLike(searchKey(query.q));
    const statement = preparedSearch(db, { patients: can('patients') ? patientsShape(term) : undefined, doctors: can('doctors'), serviceKinds });
    const patientValues = term.kind === 'name' ? term.values : { phonePattern: term.phonePattern, uhidNumber: term.uhidNumber };
    [row] = await statement.execute({ organisationId: caller.organisationId, ...patientValues, limit: query.limit, prefix: `${key}%`, wordPrefix: `% ${key}%` });
    if (!row) return [];
  } else {
    // One statement for the three kinds, each a subquery read as JSON: a header search holds one
    // pooled connection for one round trip, not three.
    [row] = rowsOf<FoundRows>(
      await db.execute(sql`select
      ${jsonRows(can('patients') ? patientsQuery(db, caller, query) : undefined)} as patients,
      ${jsonRows(can('doctors') ? doctorsQuery(db, caller, query) : undefined)} as doctors,
      ${jsonRows(serviceKinds.length ? servicesQuery(db, caller, query, serviceKinds) : undefined)} as services`),
    );
  }
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

type FoundRows = { patients: PatientRow[]; doctors: DoctorRow[]; services: ServiceRow[] };
type PatientRow = { id: string; name: string; phone: string; uhid: string };
type DoctorRow = { id: string; name: string; specialization: string };
type ServiceRow = { id: string; kind: ServiceKind; name: string; category: string | null; pricePaise: number };
