import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';
import { patientAccounts } from './patient-accounts.js';
import { staff } from './staff.js';

export const uploadVisibility = pgEnum('upload_visibility', ['public', 'private']);

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => staff.id, { onDelete: 'set null' }),
    /**
     * A patient app account's upload (a chat attachment): only that account may attach it. Null
     * for the staff's files.
     */
    uploadedByPatientAccountId: uuid('uploaded_by_patient_account_id').references(() => patientAccounts.id, { onDelete: 'set null' }),
    /** Sanitised original name, shown to users and sent as the download name. */
    name: text('name').notNull(),
    /** Detected from the file's bytes, never from its name or the client's header. */
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    visibility: uploadVisibility('visibility').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('uploads_organisation_idx').on(table.organisationId)],
);
