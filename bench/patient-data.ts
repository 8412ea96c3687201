/**
 * Synthetic patients for the search bench, generated inside the database (INSERT … SELECT from
 * generate_series) so a million rows take seconds, not a million round trips. Names are drawn
 * from common Indian first names and surnames; name_key and phone_digits are computed as the
 * API computes them (searchKey: lower-case, no accents; phoneDigits: digits of the E.164 number).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIRST_NAMES = [
  'Aarav',
  'Aditi',
  'Aditya',
  'Akash',
  'Amit',
  'Ananya',
  'Anil',
  'Anita',
  'Anjali',
  'Ankit',
  'Anand',
  'Arjun',
  'Arun',
  'Asha',
  'Ashok',
  'Bhavna',
  'Chetan',
  'Deepa',
  'Deepak',
  'Dev',
  'Divya',
  'Farhan',
  'Gaurav',
  'Geeta',
  'Gopal',
  'Harish',
  'Hema',
  'Imran',
  'Ishaan',
  'Jaya',
  'Karan',
  'Kavita',
  'Kavya',
  'Kiran',
  'Krishna',
  'Lakshmi',
  'Lata',
  'Mahesh',
  'Manoj',
  'Meena',
  'Meera',
  'Mohan',
  'Mohit',
  'Nandini',
  'Naveen',
  'Neha',
  'Nikhil',
  'Nisha',
  'Pooja',
  'Prakash',
  'Pranav',
  'Priya',
  'Priyanka',
  'Rahul',
  'Raj',
  'Rajesh',
  'Rakesh',
  'Ramesh',
  'Rani',
  'Ravi',
  'Rekha',
  'Ritu',
  'Rohan',
  'Sachin',
  'Sanjay',
  'Sarita',
  'Seema',
  'Shalini',
  'Shivani',
  'Shreya',
  'Sneha',
  'Sunil',
  'Sunita',
  'Suresh',
  'Swati',
  'Tanvi',
  'Uma',
  'Usha',
  'Varun',
  'Vidya',
  'Vijay',
  'Vikram',
  'Vinod',
  'Yash',
  'Zoya',
  'Abdul',
  'Fatima',
  'Gurpreet',
  'Harpreet',
  'Joseph',
  'Mary',
  'Thomas',
  'Sara',
  'Ayesha',
  'Salman',
  'Kabir',
  'Riya',
  'Tara',
  'Om',
  'Ira',
];

export const SURNAMES = [
  'Sharma',
  'Verma',
  'Gupta',
  'Singh',
  'Kumar',
  'Patel',
  'Shah',
  'Mehta',
  'Joshi',
  'Desai',
  'Iyer',
  'Iyengar',
  'Nair',
  'Menon',
  'Pillai',
  'Reddy',
  'Rao',
  'Naidu',
  'Chowdhury',
  'Banerjee',
  'Chatterjee',
  'Mukherjee',
  'Das',
  'Bose',
  'Ghosh',
  'Sen',
  'Kulkarni',
  'Deshpande',
  'Patil',
  'Jadhav',
  'Pawar',
  'Shinde',
  'Chauhan',
  'Rathore',
  'Yadav',
  'Mishra',
  'Tiwari',
  'Pandey',
  'Dubey',
  'Srivastava',
  'Saxena',
  'Agarwal',
  'Jain',
  'Khan',
  'Ansari',
  'Qureshi',
  'Siddiqui',
  'Fernandes',
  'DSouza',
  'Pereira',
  'Gill',
  'Sandhu',
  'Dhillon',
  'Grewal',
  'Bhat',
  'Kaul',
  'Malhotra',
  'Kapoor',
  'Khanna',
  'Arora',
  'Sethi',
  'Bhatia',
  'Chopra',
  'Thakur',
  'Rawat',
  'Negi',
  'Hegde',
  'Shetty',
  'Kamath',
  'Pai',
  'Krishnan',
  'Subramanian',
  'Venkatesh',
  'Raman',
  'Gowda',
];

const sqlArray = (values: string[]): string => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * One statement inserting `count` patients into an organisation. A third of the names carry a
 * middle name, so word-prefix search ('% q%') has real work to do.
 */
export function insertPatientsSql(organisationId: string, count: number): string {
  if (!/^[0-9a-f-]{36}$/.test(organisationId) || !Number.isInteger(count)) throw new Error('bad arguments');
  return `
    WITH src AS (
      SELECT i,
        (${sqlArray(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length})::int] AS first,
        CASE WHEN random() < 0.33 THEN (${sqlArray(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length})::int] || ' ' ELSE '' END AS middle,
        (${sqlArray(SURNAMES)})[1 + floor(random() * ${SURNAMES.length})::int] AS last,
        (6000000000 + floor(random() * 3999999999))::bigint::text AS mobile
      FROM generate_series(1, ${count}) AS i
    )
    INSERT INTO patients (organisation_id, name, name_key, phone, phone_digits, gender, date_of_birth)
    SELECT '${organisationId}', first || ' ' || middle || last, lower(first || ' ' || middle || last), '+91' || mobile, '91' || mobile,
      (CASE WHEN i % 2 = 0 THEN 'MALE' ELSE 'FEMALE' END)::gender,
      date '1940-01-01' + (floor(random() * 30000))::int
    FROM src`;
}

const MIGRATIONS = fileURLToPath(new URL('../apps/server/drizzle/', import.meta.url));

/**
 * Migration 0034's own backfill of patient_name_prefixes and their counts from patient_name_words,
 * read from the migration so it has one home: its INSERT statements, in order.
 */
function prefixBackfillSql(): string[] {
  const file = readdirSync(MIGRATIONS).find((name) => /^\d{4}_patient_name_prefixes\.sql$/.test(name));
  if (!file) throw new Error('migration patient_name_prefixes not found');
  const statements = readFileSync(join(MIGRATIONS, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.trimStart().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((statement) => statement.startsWith('INSERT INTO "patient_name_prefix'));
  if (statements.length !== 2) throw new Error(`expected the prefixes' and the counts' backfill, found ${statements.length} statements`);
  return statements;
}

/**
 * Loads patients in bulk (`load` runs insertPatientsSql statements) with migration 0034's per-row
 * prefix trigger off, then rebuilds the prefixes and their counts the way 0034 built them. With
 * the trigger on, one statement of 200,000 patients upserts the same few hundred counter rows
 * hundreds of thousands of times in one transaction, each update a row version the next one must
 * step over: the kept database's load ran over an hour and was stopped at a sixth of the way. A
 * front desk registers one patient at a time, where the trigger costs a few rows.
 */
export async function bulkLoadPatients(sql: { query(text: string): Promise<unknown> }, load: () => Promise<void>): Promise<void> {
  await sql.query('ALTER TABLE patients DISABLE TRIGGER patients_name_prefixes');
  try {
    await load();
  } finally {
    await sql.query('ALTER TABLE patients ENABLE TRIGGER patients_name_prefixes');
  }
  await sql.query('TRUNCATE patient_name_prefixes, patient_name_prefix_counts');
  for (const statement of prefixBackfillSql()) await sql.query(statement);
  // Vacuumed as autovacuum soon would: a page's read of the prefixes is then index-only.
  await sql.query('VACUUM (ANALYZE) patient_name_prefixes, patient_name_prefix_counts');
}

/** `count` further organisations (HOSPITAL, one facility each); returns the statement and their ids via RETURNING. */
export function insertOrganisationsSql(count: number, label: string): string {
  return `
    INSERT INTO organisations (name, email, type, slug)
    SELECT 'Bench Hospital ' || i, '${label}-' || i || '@bench.example', 'HOSPITAL', 'bench-${label}-' || i
    FROM generate_series(1, ${count}) AS i
    RETURNING id`;
}

/** Type-ahead as a front desk types it: first names, surnames, first name + surname start, phone fragments. */
export const SEARCH_TERMS = [
  'rah',
  'priy',
  'sun',
  'moh',
  'anj',
  'kav',
  'vikr',
  'meer',
  'sure',
  'ash',
  'deep',
  'nik',
  'sne',
  'zoy',
  'gurp',
  'shar',
  'pat',
  'iye',
  'redd',
  'kulk',
  'ban',
  'mukh',
  'fern',
  'sidd',
  'malh',
  'kris',
  'gow',
  'she',
  'nai',
  'cho',
  'rahul sh',
  'priya k',
  'amit pa',
  'neha gu',
  'ravi ku',
  '98765',
  '4321',
  '70012',
  '88990',
  '6123',
  '900',
  '55544',
  '31415',
];
