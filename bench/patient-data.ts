/**
 * Synthetic patients for the search bench, generated inside the database (INSERT … SELECT from
 * generate_series) so a million rows take seconds, not a million round trips. Names are drawn
 * from common Indian first names and surnames; name_key and phone_digits are computed as the
 * API computes them (searchKey: lower-case, no accents; phoneDigits: digits of the E.164 number).
 */

export const FIRST_NAMES = [
  'Aarav', 'Aditi', 'Aditya', 'Akash', 'Amit', 'Ananya', 'Anil', 'Anita', 'Anjali', 'Ankit', 'Anand', 'Arjun', 'Arun', 'Asha', 'Ashok',
  'Bhavna', 'Chetan', 'Deepa', 'Deepak', 'Dev', 'Divya', 'Farhan', 'Gaurav', 'Geeta', 'Gopal', 'Harish', 'Hema', 'Imran', 'Ishaan', 'Jaya',
  'Karan', 'Kavita', 'Kavya', 'Kiran', 'Krishna', 'Lakshmi', 'Lata', 'Mahesh', 'Manoj', 'Meena', 'Meera', 'Mohan', 'Mohit', 'Nandini', 'Naveen',
  'Neha', 'Nikhil', 'Nisha', 'Pooja', 'Prakash', 'Pranav', 'Priya', 'Priyanka', 'Rahul', 'Raj', 'Rajesh', 'Rakesh', 'Ramesh', 'Rani', 'Ravi',
  'Rekha', 'Ritu', 'Rohan', 'Sachin', 'Sanjay', 'Sarita', 'Seema', 'Shalini', 'Shivani', 'Shreya', 'Sneha', 'Sunil', 'Sunita', 'Suresh', 'Swati',
  'Tanvi', 'Uma', 'Usha', 'Varun', 'Vidya', 'Vijay', 'Vikram', 'Vinod', 'Yash', 'Zoya', 'Abdul', 'Fatima', 'Gurpreet', 'Harpreet', 'Joseph',
  'Mary', 'Thomas', 'Sara', 'Ayesha', 'Salman', 'Kabir', 'Riya', 'Tara', 'Om', 'Ira',
];

export const SURNAMES = [
  'Sharma', 'Verma', 'Gupta', 'Singh', 'Kumar', 'Patel', 'Shah', 'Mehta', 'Joshi', 'Desai', 'Iyer', 'Iyengar', 'Nair', 'Menon', 'Pillai',
  'Reddy', 'Rao', 'Naidu', 'Chowdhury', 'Banerjee', 'Chatterjee', 'Mukherjee', 'Das', 'Bose', 'Ghosh', 'Sen', 'Kulkarni', 'Deshpande', 'Patil', 'Jadhav',
  'Pawar', 'Shinde', 'Chauhan', 'Rathore', 'Yadav', 'Mishra', 'Tiwari', 'Pandey', 'Dubey', 'Srivastava', 'Saxena', 'Agarwal', 'Jain', 'Khan', 'Ansari',
  'Qureshi', 'Siddiqui', 'Fernandes', 'DSouza', 'Pereira', 'Gill', 'Sandhu', 'Dhillon', 'Grewal', 'Bhat', 'Kaul', 'Malhotra', 'Kapoor', 'Khanna', 'Arora',
  'Sethi', 'Bhatia', 'Chopra', 'Thakur', 'Rawat', 'Negi', 'Hegde', 'Shetty', 'Kamath', 'Pai', 'Krishnan', 'Subramanian', 'Venkatesh', 'Raman', 'Gowda',
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

/** `count` further organisations (HOSPITAL, one facility each); returns the statement and their ids via RETURNING. */
export function insertOrganisationsSql(count: number, label: string): string {
  return `
    INSERT INTO organisations (name, email, type)
    SELECT 'Bench Hospital ' || i, '${label}-' || i || '@bench.example', 'HOSPITAL'
    FROM generate_series(1, ${count}) AS i
    RETURNING id`;
}

/** Type-ahead as a front desk types it: first names, surnames, first name + surname start, phone fragments. */
export const SEARCH_TERMS = [
  'rah', 'priy', 'sun', 'moh', 'anj', 'kav', 'vikr', 'meer', 'sure', 'ash', 'deep', 'nik', 'sne', 'zoy', 'gurp',
  'shar', 'pat', 'iye', 'redd', 'kulk', 'ban', 'mukh', 'fern', 'sidd', 'malh', 'kris', 'gow', 'she', 'nai', 'cho',
  'rahul sh', 'priya k', 'amit pa', 'neha gu', 'ravi ku',
  '98765', '4321', '70012', '88990', '6123', '900', '55544', '31415',
];
