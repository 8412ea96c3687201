import {
  AGE_BANDS,
  ageFrom,
  formatAbhaNumber,
  genderLabels,
  isoDate,
  phoneDigits,
  searchKey,
  todayIn,
  type Patient,
  type patientInputSchema,
  type patientListQuerySchema,
  type PatientSummary,
  type patientUpdateSchema,
} from '@caredesk/shared';
import { and, asc, count, desc, eq, gte, isNotNull, like, lt, lte, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { bills, NAME_PREFIX_LENGTH, organisations, patientNamePrefixCounts, patientNamePrefixes, patientNameWords, patients, staff } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { inBatches, type CsvColumn } from '../../lib/csv.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { birthDateRange, digitsMatch, escapeLike, offsetOf, orderByWithTiebreak, phoneSearchDigits } from '../../lib/list-query.js';
import { organisationTimeZone, organisationToday } from '../../lib/organisation-time.js';
import { hasVisits } from '../visits/index.js';

export type PatientCreate = z.output<typeof patientInputSchema>;
export type PatientChanges = z.output<typeof patientUpdateSchema>;
export type PatientFilters = z.output<typeof patientListQuerySchema>;

const patientColumns = {
  id: patients.id,
  uhid: patients.uhid,
  name: patients.name,
  phone: patients.phone,
  email: patients.email,
  gender: patients.gender,
  dateOfBirth: patients.dateOfBirth,
  dobEstimated: patients.dobEstimated,
  bloodGroup: patients.bloodGroup,
  address: patients.address,
  notes: patients.notes,
  abhaNumber: patients.abhaNumber,
  abhaAddress: patients.abhaAddress,
  messageConsent: patients.messageConsent,
  messageConsentAt: patients.messageConsentAt,
  messageConsentBy: patients.messageConsentBy,
  messageLanguage: patients.messageLanguage,
  createdAt: patients.createdAt,
  updatedAt: patients.updatedAt,
};
type PatientRow = Omit<typeof patients.$inferSelect, 'organisationId' | 'nameKey' | 'phoneDigits' | 'uhidNumber'>;

function toPatient(row: PatientRow): Patient {
  return { ...row, messageConsentAt: row.messageConsentAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const sortColumns = { name: patients.nameKey, createdAt: patients.createdAt, dateOfBirth: patients.dateOfBirth } as const;

type SearchTerm = { kind: 'abhaAddress' } | { kind: 'abhaNumber'; compact: string } | { kind: 'uhid' } | { kind: 'digits'; compact: string; digits: string } | { kind: 'name' };

/** What a trimmed search term looks for: the cases of patientSearchCondition, decided in one place. */
function searchTerm(term: string): SearchTerm {
  if (term.includes('@')) return { kind: 'abhaAddress' };
  const compact = term.replace(/[\s-]/g, '');
  if (/^\d{14}$/.test(compact)) return { kind: 'abhaNumber', compact };
  if (/^[a-z][a-z0-9/-]*\d{3,}$/i.test(term)) return { kind: 'uhid' };
  const digits = phoneSearchDigits(term);
  return digits ? { kind: 'digits', compact, digits } : { kind: 'name' };
}

/**
 * A search term as the prepared statements take it: a name (its words' range), or phone digits
 * (their LIKE pattern, and the UHID's number when the digits could be one), exactly as
 * patientSearchCondition decides; undefined for the rarer kinds, which are built each time.
 */
export type PreparedTerm = { kind: 'name'; values: ReturnType<typeof wordValues> } | { kind: 'digits'; phonePattern: string; uhidNumber: number | undefined };

export function preparedTerm(search: string): PreparedTerm | undefined {
  const term = search.trim();
  const found = searchTerm(term);
  if (found.kind === 'name') {
    const key = searchKey(term);
    return key ? { kind: 'name', values: wordValues(key) } : undefined;
  }
  if (found.kind !== 'digits') return undefined;
  return { kind: 'digits', phonePattern: `%${escapeLike(found.digits)}%`, uhidNumber: /^\d{1,9}$/.test(found.compact) ? Number(found.compact) : undefined };
}

/** patientSearchCondition's digits case with placeholders: `phonePattern`, and `uhidNumber` when `withNumber`. */
function digitsCondition(withNumber: boolean): SQL {
  const phone = like(patients.phoneDigits, sql.placeholder('phonePattern'));
  return withNumber ? or(phone, eq(patients.uhidNumber, sql.placeholder('uhidNumber')))! : phone;
}

/** Whether a search term looks for a name only (the last case of patientSearchCondition), then its key; else undefined. */
function nameSearchKey(term: string): string | undefined {
  return searchTerm(term).kind === 'name' ? searchKey(term) || undefined : undefined;
}

/**
 * patient_name_words rows of the organisation's patients a word of whose name starts with `key`:
 * each matching patient's first matching row only (schema/patients.ts), so one row per patient.
 */
function nameWordsMatch(organisationId: string, key: string): SQL {
  const { pattern, from, below, keyLength } = wordValues(key);
  return wordsMatching({ organisationId, pattern, from, below, keyLength });
}

/**
 * A key's values for wordsMatching: the LIKE pattern, and the range of words that start with the
 * key (text_pattern_ops compares bytes, and UTF-8's byte order is the code points' order, so the
 * words starting with 'ra' are those from 'ra' up to, not including, 'rb'). For prefixMatching:
 * the key's first NAME_PREFIX_LENGTH characters, and name_key's pattern of a later word.
 */
function wordValues(key: string) {
  const points = [...key];
  const last = points.pop()!.codePointAt(0)!;
  // Past the surrogates' block, which no string holds. The last code point, a noncharacter, has no
  // successor: its key's range then ends before words that repeat it, which no name's word does.
  const next = last === 0xd7ff ? 0xe000 : last + 1;
  const below = next > 0x10ffff ? `${key}\u{10ffff}` : `${points.join('')}${String.fromCodePoint(next)}`;
  const namePrefix = [...key].slice(0, NAME_PREFIX_LENGTH).join('');
  return { pattern: `${escapeLike(key)}%`, from: key, below, keyLength: points.length + 1, namePrefix, wordPattern: `% ${escapeLike(key)}%` };
}

/** Whether a key's total is its prefix's maintained count (patient_name_prefix_counts): no longer than the prefixes kept. */
function countedByPrefix(keyLength: number): boolean {
  return keyLength <= NAME_PREFIX_LENGTH;
}

type WordValues<P> = { organisationId: string | P; pattern: string | P; from: string | P; below: string | P; keyLength: number | P };
type PrefixValues<P> = { organisationId: string | P; namePrefix: string | P; pattern: string | P; wordPattern: string | P };

/**
 * nameWordsMatch with its values as given: literal, or placeholders of a prepared statement. The
 * range says in so many words what PostgreSQL derives from a literal LIKE 'ra%': a prepared
 * statement's plan, made for any pattern, then still reads the key's range of the index only.
 */
function wordsMatching(values: WordValues<Placeholder>): SQL {
  const word = patientNameWords.word;
  return and(
    eq(patientNameWords.organisationId, values.organisationId),
    sql`${word} ~>=~ ${values.from}`,
    sql`${word} ~<~ ${values.below}`,
    like(word, values.pattern),
    lt(patientNameWords.repeatLength, values.keyLength),
  )!;
}

/**
 * patient_name_prefixes rows of the organisation's patients a word of whose name starts with the
 * key, one per patient: the rows of its first NAME_PREFIX_LENGTH characters (namePrefix) whose
 * name_key has a word starting with the whole key (always so when the key is no longer).
 */
function prefixMatching(values: PrefixValues<Placeholder>): SQL {
  const nameKey = patientNamePrefixes.nameKey;
  return and(
    eq(patientNamePrefixes.organisationId, values.organisationId),
    eq(patientNamePrefixes.prefix, values.namePrefix),
    or(like(nameKey, values.pattern), like(nameKey, values.wordPattern)),
  )!;
}

/** The start of any word of the name, as `name_key like 'q%' or name_key like '% q%'`, from patient_name_words. */
function nameMatches(organisationId: string, term: string): SQL | undefined {
  const key = searchKey(term);
  if (!key) return undefined;
  return sql`${patients.id} in (select ${patientNameWords.patientId} from ${patientNameWords} where ${nameWordsMatch(organisationId, key)})`;
}

/**
 * What a search term looks for, all within the organisation:
 * - an ABHA address (has '@'): that address;
 * - 14 digits (hyphens and spaces allowed): that ABHA number;
 * - a UHID as printed (letters then digits, e.g. SAN-000123): that UHID;
 * - mostly digits: the phone number (trigram index on phone_digits), or the UHID's number
 *   (123 and 000123 both find SAN-000123);
 * - anything else: the start of any word of the name (patient_name_words).
 */
export function patientSearchCondition(organisationId: string, search: string): SQL | undefined {
  const term = search.trim();
  const found = searchTerm(term);
  switch (found.kind) {
    case 'abhaAddress':
      return eq(patients.abhaAddress, term.toLowerCase());
    case 'abhaNumber':
      return or(eq(patients.abhaNumber, found.compact), digitsMatch(patients.phoneDigits, found.compact));
    case 'uhid':
      return or(eq(patients.uhid, term.toUpperCase()), nameMatches(organisationId, term));
    case 'name':
      return nameMatches(organisationId, term);
    case 'digits': {
      const number = /^\d{1,9}$/.test(found.compact) ? Number(found.compact) : undefined;
      return number === undefined ? digitsMatch(patients.phoneDigits, found.digits) : or(digitsMatch(patients.phoneDigits, found.digits), eq(patients.uhidNumber, number));
    }
  }
}

/** The list's filters other than the search. `today` is the organisation's (YYYY-MM-DD): age bands count birthdays on its calendar. */
function filterConditions(filters: PatientFilters, today: string): SQL[] {
  const conditions: SQL[] = [];
  if (filters.gender) conditions.push(eq(patients.gender, filters.gender));
  if (filters.ageBand) {
    // Patients without a date of birth have no age, so a band leaves them out.
    const { from, to } = birthDateRange(AGE_BANDS[filters.ageBand], today);
    conditions.push(isNotNull(patients.dateOfBirth), gte(patients.dateOfBirth, from), lte(patients.dateOfBirth, to));
  }
  return conditions;
}

function matching(caller: StaffContext, filters: PatientFilters, today: string): SQL {
  const search = filters.search ? patientSearchCondition(caller.organisationId, filters.search) : undefined;
  return and(eq(patients.organisationId, caller.organisationId), search, ...filterConditions(filters, today))!;
}

function selectPatients(db: Db) {
  return db.select(patientColumns).from(patients);
}

// What the list shows, no more (issue 13): a page of 200 must not carry notes and addresses.
const summaryColumns = {
  id: patients.id,
  uhid: patients.uhid,
  name: patients.name,
  phone: patients.phone,
  gender: patients.gender,
  dateOfBirth: patients.dateOfBirth,
  bloodGroup: patients.bloodGroup,
  createdAt: patients.createdAt,
};

/**
 * The date of birth only to compute the age, in the same 'today' the age bands filter by. Field
 * by field: a page is 25 to 200 of these per request, and the rest spreads this was written with
 * were the list's largest cost in Node under load (issue #18).
 */
function toSummary(row: { [K in keyof typeof summaryColumns]: (typeof patients.$inferSelect)[K] }, today: string): PatientSummary {
  return {
    id: row.id,
    uhid: row.uhid,
    name: row.name,
    phone: row.phone,
    gender: row.gender,
    bloodGroup: row.bloodGroup,
    age: row.dateOfBirth ? ageFrom(row.dateOfBirth, today) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPatients(db: Db, caller: StaffContext, filters: PatientFilters) {
  // Age bands count birthdays on the organisation's calendar, so its zone comes first; otherwise
  // the page's rows bring it (zoneOf), one round trip fewer.
  const bandToday = filters.ageBand ? todayIn(await organisationTimeZone(db, caller.organisationId)) : undefined;
  // The hottest shape runs its prepared statement; the builders are made only when needed.
  const prepared = preparedSearch(db, caller.organisationId, filters);
  const queries = prepared ? undefined : patientListQueries(db, caller.organisationId, filters, bandToday);
  const counted = queries?.counted ?? true;
  const [rows, totals] = await Promise.all([prepared ?? queries!.page, counted ? undefined : queries!.total]);
  const first = rows[0];
  let matches: number;
  if (!counted) matches = totals?.[0]?.n ?? 0;
  else if (first) matches = first.total ?? 0;
  // No row: none matches, or the page is past the last one, where only a count tells.
  else matches = filters.page === 1 ? 0 : ((await (queries ?? patientListQueries(db, caller.organisationId, filters, bandToday)).total)[0]?.n ?? 0);
  const today = bandToday ?? (first ? organisationToday(first.timeZone) : '');
  return {
    data: rows.map((row) => toSummary(row, today)),
    total: matches,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

/** The organisation's time zone as a column: an uncorrelated subquery, run once per statement. */
function zoneOf(organisationId: string | Placeholder) {
  return sql<string>`(select ${organisations.timeZone} from ${organisations} where ${organisations.id} = ${organisationId})`;
}

/** Every row's count of the rows matched before ORDER BY and LIMIT: the page's scan is the count's. */
function totalOver() {
  return sql<number | null>`count(*) over ()`.mapWith(Number);
}

/**
 * A page of the patients `where` matches, each row carrying how many match in all. The matches
 * counted in a subquery, then sorted: in one query, PostgreSQL costs the window's count as if the
 * limit stopped it early, and walks the name index of the whole organisation filtering every row
 * (200,000 rows for the phone digits '900', 120 times the buffers of reading the ~2,000 matches
 * by the phone's trigram index and sorting them).
 */
function countedPage(
  db: Db,
  where: SQL | undefined,
  sort: PatientFilters['sort'],
  order: 'asc' | 'desc',
  limit: number | Placeholder,
  offset: number | Placeholder,
  timeZone: SQL<string>,
) {
  const matches = db
    .select({ ...summaryColumns, nameKey: patients.nameKey, total: totalOver().as('total') })
    .from(patients)
    .where(where)
    .as('matches');
  const sortColumn = { name: matches.nameKey, createdAt: matches.createdAt, dateOfBirth: matches.dateOfBirth }[sort];
  const { id, uhid, name, phone, gender, dateOfBirth, bloodGroup, createdAt } = matches;
  return db
    .select({ id, uhid, name, phone, gender, dateOfBirth, bloodGroup, createdAt, timeZone, total: matches.total })
    .from(matches)
    .orderBy(...orderByWithTiebreak(sortColumn, order, matches.id))
    .limit(limit)
    .offset(offset);
}

/**
 * The list's page and its exact count. A name search reads the matching patients from
 * patient_name_words, one row per patient: the count is an index-only scan of the
 * organisation's range of words, and so is the name order of a page (its name_key), before a
 * page of patients is read. The same patients in the same order as the name_key LIKEs of
 * patientSearchCondition; every other search, or none, filters patients itself.
 *
 * A search (`counted`) finds few enough patients to count them in the scan that finds the page:
 * its rows carry the total (count(*) over ()), and `total` is only needed for a page past the
 * last. The whole list is not counted that way: its page stops after pageSize rows of the name
 * index, its count is a query of its own. The rows carry the organisation's zone (the ages).
 * `today` (the organisation's) is needed for an age band only.
 */
export function patientListQueries(db: Db, organisationId: string, filters: PatientFilters, today?: string) {
  const key = filters.search ? nameSearchKey(filters.search.trim()) : undefined;
  if (filters.ageBand && today === undefined) throw new Error('an age band needs the organisation’s today');
  const others = filterConditions(filters, today ?? '');
  const timeZone = zoneOf(organisationId);
  if (key === undefined) {
    const search = filters.search ? patientSearchCondition(organisationId, filters.search) : undefined;
    const counted = search !== undefined;
    const where = and(eq(patients.organisationId, organisationId), search, ...others);
    const total = db.select({ n: count() }).from(patients).where(where);
    if (!counted) {
      return {
        counted,
        page: db
          .select({ ...summaryColumns, timeZone, total: sql<number | null>`null` })
          .from(patients)
          .where(where)
          .orderBy(...orderByWithTiebreak(sortColumns[filters.sort], filters.order, patients.id))
          .limit(filters.pageSize)
          .offset(offsetOf(filters)),
        total,
      };
    }
    // Counted in a subquery, then sorted (countedPage).
    return { counted, page: countedPage(db, where, filters.sort, filters.order, filters.pageSize, offsetOf(filters), timeZone), total };
  }
  const words = nameWordsMatch(organisationId, key);
  const joined = eq(patients.id, patientNameWords.patientId);
  if (filters.sort === 'name' && others.length === 0) {
    const values = wordValues(key);
    return {
      counted: true,
      page: nameSearchPage(db, filters.order, { organisationId, ...values, limit: filters.pageSize, offset: offsetOf(filters) }, countedByPrefix(values.keyLength)),
      // The words alone are the count: one row per matching patient.
      total: db.select({ n: count() }).from(patientNameWords).where(words),
    };
  }
  const where = and(words, eq(patients.organisationId, organisationId), ...others);
  const byName = filters.sort === 'name';
  const order = orderByWithTiebreak(byName ? patientNameWords.nameKey : sortColumns[filters.sort], filters.order, byName ? patientNameWords.patientId : patients.id);
  return {
    counted: true,
    page: db
      .select({ ...summaryColumns, timeZone, total: totalOver() })
      .from(patientNameWords)
      .innerJoin(patients, joined)
      .where(where)
      .orderBy(...order)
      .limit(filters.pageSize)
      .offset(offsetOf(filters)),
    total: db.select({ n: count() }).from(patientNameWords).innerJoin(patients, joined).where(where),
  };
}

type NameSearchValues<P> = WordValues<P> & PrefixValues<P> & { limit: number | P; offset: number | P };

/**
 * The page of a name search in name order with no other filter: its patients' ids from
 * patient_name_prefixes, already in name order (firstByPrefix), then only those rows of patients.
 * Its values are literal, or placeholders (preparedNameSearch).
 *
 * The total: a key of up to NAME_PREFIX_LENGTH characters (`byPrefix`) has its count kept in
 * patient_name_prefix_counts, one row read; a longer one counts its own range of
 * patient_name_words_search_idx (index-only, its matches only). Before, every request read all of
 * a three-letter key's matches twice, to sort them for the page and to count them (2,600–5,400
 * entries in the 200,000-patient organisation of bench/patient-search.ts, issue #18).
 */
function nameSearchPage(db: Db, order: 'asc' | 'desc', values: NameSearchValues<Placeholder>, byPrefix: boolean) {
  const first = firstByPrefix(db, values, order, values.limit, values.offset);
  const total = byPrefix
    ? sql<number | null>`coalesce((select ${patientNamePrefixCounts.patients} from ${patientNamePrefixCounts} where ${and(
        eq(patientNamePrefixCounts.organisationId, values.organisationId),
        eq(patientNamePrefixCounts.prefix, values.namePrefix),
      )}), 0)`.mapWith(Number)
    : sql<number | null>`(select count(*) from ${patientNameWords} where ${wordsMatching(values)})`.mapWith(Number);
  return db
    .select({ ...summaryColumns, timeZone: zoneOf(values.organisationId), total })
    .from(first)
    .innerJoin(patients, eq(patients.id, first.patientId))
    .orderBy(...orderByWithTiebreak(first.nameKey, order, first.patientId));
}

// The list's search as the console types it (a name, in name order, no filter) is its hottest
// shape: prepared once per order and kind of count, so its SQL is not rebuilt on every
// keystroke's request (drizzle's building was a fifth of the route's CPU under load) and each
// connection parses it once.
const nameSearchStatements = preparedPerDb((db) => {
  const values = {
    organisationId: sql.placeholder('organisationId'),
    pattern: sql.placeholder('pattern'),
    wordPattern: sql.placeholder('wordPattern'),
    namePrefix: sql.placeholder('namePrefix'),
    from: sql.placeholder('from'),
    below: sql.placeholder('below'),
    keyLength: sql.placeholder('keyLength'),
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  };
  const statement = (order: 'asc' | 'desc', byPrefix: boolean) =>
    nameSearchPage(db, order, values, byPrefix).prepare(`patients_name_search_${byPrefix ? 'prefix' : 'words'}_${order}`);
  return {
    prefix: { asc: statement('asc', true), desc: statement('desc', true) },
    words: { asc: statement('asc', false), desc: statement('desc', false) },
  };
});

// A phone number's digits, the list's next most typed search (and the UHID's number when the
// digits could be one): prepared per order as well, drizzle's building being as costly.
const digitsSearchStatements = preparedPerDb((db) => {
  const organisationId = sql.placeholder('organisationId');
  const page = (withNumber: boolean, order: 'asc' | 'desc') =>
    countedPage(
      db,
      and(eq(patients.organisationId, organisationId), digitsCondition(withNumber)),
      'name',
      order,
      sql.placeholder('limit'),
      sql.placeholder('offset'),
      zoneOf(organisationId),
    ).prepare(`patients_digits_search${withNumber ? '_uhid' : ''}_${order}`);
  return {
    phone: { asc: page(false, 'asc'), desc: page(false, 'desc') },
    phoneOrUhid: { asc: page(true, 'asc'), desc: page(true, 'desc') },
  };
});

/** The page of patientListQueries from its prepared statement, when the filters are its shape; else undefined. */
function preparedSearch(db: Db, organisationId: string, filters: PatientFilters) {
  const term = filters.search ? preparedTerm(filters.search) : undefined;
  if (term === undefined || filters.sort !== 'name' || filters.gender || filters.ageBand) return undefined;
  const page = { organisationId, limit: filters.pageSize, offset: offsetOf(filters) };
  if (term.kind === 'name') {
    const statements = nameSearchStatements(db)[countedByPrefix(term.values.keyLength) ? 'prefix' : 'words'];
    return statements[filters.order].execute({ ...page, ...term.values });
  }
  const { phonePattern, uhidNumber } = term;
  if (uhidNumber === undefined) return digitsSearchStatements(db).phone[filters.order].execute({ ...page, phonePattern });
  return digitsSearchStatements(db).phoneOrUhid[filters.order].execute({ ...page, phonePattern, uhidNumber });
}

/**
 * Matching patients' ids in name order, from patient_name_prefixes alone: its primary key's
 * entries of the organisation and prefix are in name order already (name_key, then the patient's
 * id as the list's tiebreak), so a page reads its own entries and those it skips, index-only,
 * and no sort. No NULLS in the order: name_key is never null, and the index's order read backwards
 * is `desc` as it stands.
 */
function firstByPrefix(db: Db, values: PrefixValues<Placeholder>, order: 'asc' | 'desc', limit: number | Placeholder, offset: number | Placeholder) {
  const direction = order === 'asc' ? asc : desc;
  return db
    .select({ patientId: patientNamePrefixes.patientId, nameKey: patientNamePrefixes.nameKey })
    .from(patientNamePrefixes)
    .where(prefixMatching(values))
    .orderBy(direction(patientNamePrefixes.nameKey), direction(patientNamePrefixes.patientId))
    .limit(limit)
    .offset(offset)
    .as('first_by_name');
}

const foundColumns = { id: patients.id, name: patients.name, phone: patients.phone, uhid: patients.uhid };

/**
 * The header search's patients: what the list's search finds, in name order, at most `limit`.
 * A name search picks them among patient_name_prefixes before reading patients.
 */
export function findPatients(db: Db, organisationId: string, search: string, limit: number) {
  const key = nameSearchKey(search.trim());
  if (key === undefined) {
    return db
      .select(foundColumns)
      .from(patients)
      .where(and(eq(patients.organisationId, organisationId), patientSearchCondition(organisationId, search)))
      .orderBy(asc(patients.nameKey), asc(patients.id))
      .limit(limit);
  }
  return findPatientsByName(db, { organisationId, ...wordValues(key), limit });
}

/** findPatients of a name search, its values literal or placeholders (a prepared header search). */
export function findPatientsByName(db: Db, values: PrefixValues<Placeholder> & { limit: number | Placeholder }) {
  const first = firstByPrefix(db, values, 'asc', values.limit, 0);
  return db.select(foundColumns).from(first).innerJoin(patients, eq(patients.id, first.patientId)).orderBy(asc(first.nameKey), asc(first.patientId));
}

/** findPatients of phone digits, as prepared: placeholders `phonePattern` and, `withNumber`, `uhidNumber`. */
export function findPatientsByDigits(db: Db, withNumber: boolean, organisationId: Placeholder, limit: Placeholder) {
  return db
    .select(foundColumns)
    .from(patients)
    .where(and(eq(patients.organisationId, organisationId), digitsCondition(withNumber)))
    .orderBy(asc(patients.nameKey), asc(patients.id))
    .limit(limit);
}

export async function* exportPatients(db: Db, caller: StaffContext, filters: PatientFilters): AsyncGenerator<Patient[]> {
  const where = matching(caller, filters, todayIn(await organisationTimeZone(db, caller.organisationId)));
  const order = orderByWithTiebreak(sortColumns[filters.sort], filters.order, patients.id);
  yield* inBatches(async (offset, limit) =>
    (
      await selectPatients(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
    ).map(toPatient),
  );
}

export async function getPatient(db: Db, caller: StaffContext, id: string): Promise<Patient> {
  const [row] = await selectPatients(db).where(and(eq(patients.id, id), eq(patients.organisationId, caller.organisationId)));
  if (!row) throw new NotFoundError('Patient not found');
  return toPatient(row);
}

/** The unique indexes decide: one ABHA number or address belongs to one patient of an organisation. */
async function withDuplicateCheck<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'patients_organisation_abha_number_unique') {
      const message = 'Another patient already has this ABHA number';
      throw new ConflictError(message, [{ path: 'abhaNumber', message }]);
    }
    if (constraint === 'patients_organisation_abha_address_unique') {
      const message = 'Another patient already has this ABHA address';
      throw new ConflictError(message, [{ path: 'abhaAddress', message }]);
    }
    throw error;
  }
}

/**
 * The stored date of birth: the one given, or 1 January of the birth year an age in years
 * implies on the organisation's calendar (then flagged estimated). Undefined: not sent.
 */
export async function birthDateOf(
  db: Db,
  organisationId: string,
  input: { dateOfBirth?: string | null | undefined; ageYears?: number | null | undefined },
): Promise<{ dateOfBirth?: string | null; dobEstimated?: boolean }> {
  if (input.ageYears != null) {
    const year = Number(todayIn(await organisationTimeZone(db, organisationId)).slice(0, 4)) - input.ageYears;
    return { dateOfBirth: isoDate(year, 1, 1), dobEstimated: true };
  }
  if (input.dateOfBirth !== undefined) return { dateOfBirth: input.dateOfBirth, dobEstimated: false };
  // An explicit null age (the age cleared without a date) clears an estimated date of birth.
  if (input.ageYears === null) return { dateOfBirth: null, dobEstimated: false };
  return {};
}

/** The UHID is given by the patients_assign_uhid trigger in the inserting statement (migration 0016). */
/** Consent given or withdrawn at the desk: when, and by whom (the record shows it). */
function consentChange(caller: StaffContext, consent: boolean | undefined) {
  if (consent === undefined) return {};
  return { messageConsent: consent, messageConsentAt: new Date(), messageConsentBy: sql`(select ${staff.name} from ${staff} where ${staff.id} = ${caller.id})` };
}

export async function createPatient(db: Db, caller: StaffContext, input: PatientCreate): Promise<Patient> {
  const { ageYears: _ageYears, messageConsent, ...fields } = input;
  const birth = await birthDateOf(db, caller.organisationId, input);
  const [row] = await withDuplicateCheck(() =>
    db
      .insert(patients)
      .values({
        ...fields,
        ...birth,
        ...consentChange(caller, messageConsent),
        organisationId: caller.organisationId,
        nameKey: searchKey(input.name),
        phoneDigits: phoneDigits(input.phone),
      })
      .returning(patientColumns),
  );
  return toPatient(row!);
}

export async function updatePatient(db: Db, caller: StaffContext, id: string, changes: PatientChanges): Promise<Patient> {
  const { ageYears: _ageYears, messageConsent, ...fields } = changes;
  const values: PgUpdateSetSource<typeof patients> = { ...fields, ...(await birthDateOf(db, caller.organisationId, changes)), updatedAt: new Date() };
  // Only a change is recorded: saving the form again keeps who gave consent and when.
  if (messageConsent !== undefined) {
    const change = consentChange(caller, messageConsent);
    values.messageConsent = messageConsent;
    values.messageConsentAt = sql`case when ${patients.messageConsent} = ${messageConsent} then ${patients.messageConsentAt} else ${change.messageConsentAt} end`;
    values.messageConsentBy = sql`case when ${patients.messageConsent} = ${messageConsent} then ${patients.messageConsentBy} else ${change.messageConsentBy} end`;
  }
  if (changes.name !== undefined) values.nameKey = searchKey(changes.name);
  if (changes.phone !== undefined) values.phoneDigits = phoneDigits(changes.phone);
  const [row] = await withDuplicateCheck(() =>
    db
      .update(patients)
      .set(values)
      .where(and(eq(patients.id, id), eq(patients.organisationId, caller.organisationId)))
      .returning(patientColumns),
  );
  if (!row) throw new NotFoundError('Patient not found');
  return toPatient(row);
}

/** A patient with appointments or bookings keeps their record: the history belongs to it. */
export async function deletePatient(db: Db, caller: StaffContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.id, id), eq(patients.organisationId, caller.organisationId)))
      .for('update');
    if (!row) throw new NotFoundError('Patient not found');
    if (await hasVisits(tx, 'patient', id)) throw new ConflictError('Has appointments or bookings: this patient’s record is kept');
    const [billed] = await tx.select({ id: bills.id }).from(bills).where(eq(bills.patientId, id)).limit(1);
    if (billed) throw new ConflictError('Has bills: this patient’s record is kept');
    await tx.delete(patients).where(eq(patients.id, id));
  });
}

/**
 * Other patients of the caller's organisation with this phone number, as list rows (a booking
 * can pick one). Families share phones, so the console only warns; it never blocks.
 */
export async function patientMatches(db: Db, caller: StaffContext, query: { phone: string; excludeId?: string | undefined }) {
  const conditions = [eq(patients.organisationId, caller.organisationId), eq(patients.phoneDigits, phoneDigits(query.phone))];
  if (query.excludeId) {
    // The record being edited: one that is not the organisation's is unknown here, as everywhere.
    const [own] = await db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.id, query.excludeId), eq(patients.organisationId, caller.organisationId)));
    if (!own) throw new NotFoundError('Patient not found');
    conditions.push(ne(patients.id, query.excludeId));
  }
  const today = todayIn(await organisationTimeZone(db, caller.organisationId));
  const rows = await db
    .select(summaryColumns)
    .from(patients)
    .where(and(...conditions))
    .orderBy(asc(patients.nameKey), asc(patients.id))
    .limit(20);
  return { data: rows.map((row) => toSummary(row, today)) };
}

export const patientCsvColumns: CsvColumn<Patient>[] = [
  { header: 'UHID', value: (p) => p.uhid },
  { header: 'Name', value: (p) => p.name },
  { header: 'Phone', value: (p) => p.phone },
  { header: 'E-mail', value: (p) => p.email },
  { header: 'Gender', value: (p) => genderLabels[p.gender] },
  { header: 'Date of birth', value: (p) => p.dateOfBirth },
  { header: 'Date of birth estimated', value: (p) => (p.dobEstimated ? 'Yes' : 'No') },
  { header: 'Blood group', value: (p) => p.bloodGroup },
  { header: 'Address', value: (p) => p.address },
  { header: 'Notes', value: (p) => p.notes },
  { header: 'ABHA number', value: (p) => (p.abhaNumber ? formatAbhaNumber(p.abhaNumber) : null) },
  { header: 'ABHA address', value: (p) => p.abhaAddress },
  { header: 'Registered', value: (p) => p.createdAt },
];
