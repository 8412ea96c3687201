import { bloodGroups, genders, languages, type MessageLanguage } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { boolean, date, index, timestamp, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './doctors.js';
import { organisations } from './organisations.js';

export const gender = pgEnum('gender', genders);
export const bloodGroup = pgEnum('blood_group', bloodGroups);
// Every language CareDesk speaks: a patient's, a message's, a staff member's console.
export const messageLanguage = pgEnum('message_language', languages);
/**
 * A patient's or a message's language: typed as the languages messages have texts for
 * (messageLanguages), which the API admits, until every language has its templates.
 */
export const patientLanguage = (name: string) => messageLanguage(name).$type<MessageLanguage>();

export const patients = pgTable(
  'patients',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /**
     * The UHID (MR number): the organisation's prefix + a number from patient_number_counters.
     * Both are set by the patients_assign_uhid trigger on every insert (migration 0016), in the
     * inserting transaction, so numbers are gap-free and unique whoever inserts (console, patient
     * app, seed); the defaults only let an insert leave them out.
     */
    uhidNumber: integer('uhid_number').notNull().default(0),
    uhid: text('uhid').notNull().default(''),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    /** E.164, e.g. +919876543210. Not unique: families share a phone (a warning, not a block). */
    phone: text('phone').notNull(),
    phoneDigits: text('phone_digits').notNull(),
    email: text('email'),
    gender: gender('gender').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** The date of birth was worked out from an age in years (1 January of that year). */
    dobEstimated: boolean('dob_estimated').notNull().default(false),
    bloodGroup: bloodGroup('blood_group'),
    address: text('address'),
    notes: text('notes'),
    /** 14 digits, Verhoeff-checked. One person has one ABHA number: unique in an organisation. */
    abhaNumber: text('abha_number'),
    /** Lower-case, e.g. name@abdm. */
    abhaAddress: text('abha_address'),
    /** Messages by WhatsApp or SMS only with consent (modules/messages); an inbound STOP withdraws it. */
    messageConsent: boolean('message_consent').notNull().default(false),
    messageConsentAt: timestamp('message_consent_at', { withTimezone: true, precision: 3 }),
    /** Who changed it: a staff member's name, or how the patient did ('Patient: STOP by WhatsApp'). */
    messageConsentBy: text('message_consent_by'),
    /** The language of the patient's messages; null: the organisation's default. */
    messageLanguage: patientLanguage('message_language'),
    ...timestamps,
  },
  (table) => [
    index('patients_organisation_name_idx').on(table.organisationId, table.nameKey),
    index('patients_organisation_phone_idx').on(table.organisationId, table.phoneDigits),
    // Search is always within one organisation: trigram indexes led by organisation_id (btree_gin)
    // read only that organisation's entries, and a pattern-ops btree serves 'q%' as a range scan.
    // Measured on 1,000,000 patients across 50 organisations (bench/patient-search.ts).
    index('patients_organisation_name_trgm_idx').using('gin', table.organisationId, sql`${table.nameKey} gin_trgm_ops`),
    index('patients_organisation_phone_trgm_idx').using('gin', table.organisationId, sql`${table.phoneDigits} gin_trgm_ops`),
    index('patients_organisation_name_prefix_idx').on(table.organisationId, sql`${table.nameKey} text_pattern_ops`),
    // The patient app finds an account's records in every organisation by phone alone.
    index('patients_phone_digits_idx').on(table.phoneDigits),
    // The dashboard's "new patients this week".
    index('patients_organisation_created_idx').on(table.organisationId, table.createdAt),
    uniqueIndex('patients_organisation_uhid_number_unique').on(table.organisationId, table.uhidNumber),
    uniqueIndex('patients_organisation_uhid_unique').on(table.organisationId, table.uhid),
    uniqueIndex('patients_organisation_abha_number_unique')
      .on(table.organisationId, table.abhaNumber)
      .where(sql`${table.abhaNumber} is not null`),
    uniqueIndex('patients_organisation_abha_address_unique')
      .on(table.organisationId, table.abhaAddress)
      .where(sql`${table.abhaAddress} is not null`),
  ],
);

/**
 * Name search as rows a btree range serves: one row per word of a patient's name_key, holding
 * the rest of the name from that word on ('rahul kumar sharma', 'kumar sharma', 'sharma'), so
 * "a word of the name starts with q" (name_key like 'q%' or like '% q%') is `word like 'q%'`.
 * repeatLength is how many leading characters the row shares with an earlier row of the same
 * name ('ravi rao': 'rao' shares 2 with 'ravi rao'): a search of q keeps only rows with
 * repeatLength < length(q), i.e. each matching patient's first matching row, so a count needs
 * no DISTINCT and a join to patients no de-duplication. Kept by the patients_name_words trigger
 * on every insert and name change (migration 0022), whoever writes; deleted with the patient.
 * Measured on 1,000,000 patients across 50 organisations (bench/patient-search.ts).
 */
export const patientNameWords = pgTable(
  'patient_name_words',
  {
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id').notNull(),
    word: text('word').notNull(),
    repeatLength: integer('repeat_length').notNull(),
    /** The patient's name_key, for the list's name order without a visit to patients. */
    nameKey: text('name_key').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.patientId, table.word] }),
    // Every column, so a search is index-only: its count reads the prefix's range, its page that
    // range sorted. No index in name order to walk instead: a first name's matches sit together
    // in that order ('nikhil …'), so a walk from 'a' reads half the organisation to find them,
    // while the range costs what the count costs anyway.
    index('patient_name_words_search_idx').on(table.organisationId, sql`${table.word} text_pattern_ops`, table.repeatLength, table.nameKey, table.patientId),
  ],
);

/**
 * The name search's page in name order: one row per patient and distinct beginning, of one to
 * NAME_PREFIX_LENGTH characters, of the rest of the name from each word on (patient_name_words'
 * words: 'ravi rao' gives 'r', 'ra', 'rav', 'rao'). Its key is the organisation, the beginning,
 * then name_key and the patient: a search of up to three characters reads its first page as the
 * index's next 25 entries, already in the list's order (name_key, then id); a longer one walks
 * its first three characters' entries in that order and keeps those whose name_key has a word
 * starting with it (name_key, in the index, is the filter). Kept by the patients_name_prefixes
 * trigger on every insert, name change and delete (migration 0034), whoever writes.
 */
export const patientNamePrefixes = pgTable(
  'patient_name_prefixes',
  {
    organisationId: uuid('organisation_id').notNull(),
    prefix: text('prefix').notNull(),
    nameKey: text('name_key').notNull(),
    patientId: uuid('patient_id').notNull(),
  },
  (table) => [primaryKey({ name: 'patient_name_prefixes_pk', columns: [table.organisationId, table.prefix, table.nameKey, table.patientId] })],
);

/** How many characters of a word patient_name_prefixes keys its rows by (and counts patients for). */
export const NAME_PREFIX_LENGTH = 3;

/**
 * How many of an organisation's patients have a word of their name starting with each
 * beginning of patient_name_prefixes: the exact total of a name search of up to
 * NAME_PREFIX_LENGTH characters, read as one row. Kept by the same trigger as the prefixes, in
 * the writing transaction (patient inserts of an organisation already queue on its UHID counter).
 */
export const patientNamePrefixCounts = pgTable(
  'patient_name_prefix_counts',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    patients: integer('patients').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.prefix] })],
);

/** The last UHID number given in each organisation; the insert trigger bumps it under its row lock. */
export const patientNumberCounters = pgTable('patient_number_counters', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
});
