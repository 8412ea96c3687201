import { DEFAULT_BILLING_SETTINGS, type BillingSettings, type FacilityBilling, type billingSettingsUpdateSchema, type facilityBillingUpdateSchema } from '@caredesk/shared';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { billingSettings, facilities, facilityBilling, organisations } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { NO_FACILITY } from './numbering.js';

type Reader = Db | Tx;

const PREFIX_FIELDS = ['receiptPrefix', 'invoicePrefix', 'creditNotePrefix'] as const;

function toSettings(row: typeof billingSettings.$inferSelect | undefined): BillingSettings {
  if (!row) return { ...DEFAULT_BILLING_SETTINGS };
  const { organisationId: _organisationId, updatedAt: _updatedAt, ...settings } = row;
  return settings;
}

export async function readBillingSettings(db: Reader, organisationId: string): Promise<BillingSettings> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.organisationId, organisationId));
  return toSettings(row);
}

export async function updateBillingSettings(db: Db, caller: StaffContext, input: z.output<typeof billingSettingsUpdateSchema>): Promise<BillingSettings> {
  const [row] = await db
    .insert(billingSettings)
    .values({ ...DEFAULT_BILLING_SETTINGS, ...input, organisationId: caller.organisationId })
    .onConflictDoUpdate({ target: billingSettings.organisationId, set: { ...input, updatedAt: new Date() } })
    .returning();
  return toSettings(row);
}

/** 'Sanjeevani Multispeciality Hospital' → 'SMH': the initials a facility's numbers start with until an admin sets them. */
export function initialsOf(name: string): string {
  const letters = name
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0 && !/^(of|and|the|&)$/i.test(word))
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .slice(0, 4);
  return letters.length > 0 ? letters : 'CD';
}

export function defaultPrefixes(initials: string): Pick<FacilityBilling, 'receiptPrefix' | 'invoicePrefix' | 'creditNotePrefix'> {
  return { receiptPrefix: `${initials}-RCT`, invoicePrefix: `${initials}-INV`, creditNotePrefix: `${initials}-CN` };
}

/** What a facility's documents are numbered and printed with (no facility: the organisation's name). */
export interface BookSettings {
  facilityId: string | null;
  facilityKey: string;
  facilityName: string;
  receiptPrefix: string;
  invoicePrefix: string;
  creditNotePrefix: string;
  gstin: string | null;
  registrationFeePaise: number | null;
  followUpFeePaise: number | null;
}

interface FacilityRow {
  id: string;
  name: string;
  billing: typeof facilityBilling.$inferSelect | null;
}

/** Every facility's book, oldest first; default prefixes get a number when earlier initials took them. */
function booksOf(rows: FacilityRow[]): BookSettings[] {
  const taken = new Set(rows.flatMap((row) => (row.billing ? PREFIX_FIELDS.map((field) => row.billing![field]) : [])));
  return rows.map((row) => {
    let prefixes: Pick<BookSettings, 'receiptPrefix' | 'invoicePrefix' | 'creditNotePrefix'>;
    if (row.billing) prefixes = row.billing;
    else {
      const initials = initialsOf(row.name);
      prefixes = defaultPrefixes(initials);
      for (let n = 2; PREFIX_FIELDS.some((field) => taken.has(prefixes[field])); n++) prefixes = defaultPrefixes(`${initials}${n}`);
      for (const field of PREFIX_FIELDS) taken.add(prefixes[field]);
    }
    return {
      facilityId: row.id,
      facilityKey: row.id,
      facilityName: row.name,
      receiptPrefix: prefixes.receiptPrefix,
      invoicePrefix: prefixes.invoicePrefix,
      creditNotePrefix: prefixes.creditNotePrefix,
      gstin: row.billing?.gstin ?? null,
      registrationFeePaise: row.billing?.registrationFeePaise ?? null,
      followUpFeePaise: row.billing?.followUpFeePaise ?? null,
    };
  });
}

async function allBooks(db: Reader, organisationId: string): Promise<BookSettings[]> {
  const rows = await db
    .select({ id: facilities.id, name: facilities.name, billing: facilityBilling })
    .from(facilities)
    .leftJoin(facilityBilling, eq(facilityBilling.facilityId, facilities.id))
    .where(eq(facilities.organisationId, organisationId))
    .orderBy(asc(facilities.createdAt), asc(facilities.id));
  return booksOf(rows);
}

/**
 * The book a bill is made in: the facility asked for or the visit's, else the organisation's
 * first (single-facility organisations never choose), else the organisation's own when it has no
 * facility. 404 for a facility that is not the caller's.
 */
export async function resolveBook(db: Reader, organisationId: string, facilityId: string | null | undefined): Promise<BookSettings> {
  const books = await allBooks(db, organisationId);
  const book = facilityId ? books.find((candidate) => candidate.facilityId === facilityId) : books[0];
  if (book) return book;
  if (facilityId) throw new NotFoundError('Facility not found');
  const [organisation] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId));
  if (!organisation) throw new NotFoundError();
  return {
    facilityId: null,
    facilityKey: NO_FACILITY,
    facilityName: organisation.name,
    ...defaultPrefixes(initialsOf(organisation.name)),
    gstin: null,
    registrationFeePaise: null,
    followUpFeePaise: null,
  };
}

/**
 * Writes a facility's default prefixes down the first time a document is numbered in its book:
 * from then on they no longer follow other facilities' choices, so its printed numbers never
 * change prefix unless an admin changes it.
 */
export async function keepBook(tx: Tx, organisationId: string, book: BookSettings): Promise<void> {
  if (!book.facilityId) return;
  await tx
    .insert(facilityBilling)
    .values({ facilityId: book.facilityId, organisationId, receiptPrefix: book.receiptPrefix, invoicePrefix: book.invoicePrefix, creditNotePrefix: book.creditNotePrefix })
    .onConflictDoNothing();
}

function toFacilityBilling(book: BookSettings): FacilityBilling {
  return {
    facilityId: book.facilityId!,
    facilityName: book.facilityName,
    receiptPrefix: book.receiptPrefix,
    invoicePrefix: book.invoicePrefix,
    creditNotePrefix: book.creditNotePrefix,
    gstin: book.gstin,
    registrationFeePaise: book.registrationFeePaise,
    followUpFeePaise: book.followUpFeePaise,
  };
}

export async function listFacilityBilling(db: Db, caller: StaffContext): Promise<{ data: FacilityBilling[] }> {
  return { data: (await allBooks(db, caller.organisationId)).map(toFacilityBilling) };
}

/**
 * A facility's prefixes, GSTIN and fees. Two facilities printing the same prefix would print
 * the same numbers, so a prefix another facility of the organisation uses is refused (409).
 */
export async function updateFacilityBilling(db: Db, caller: StaffContext, facilityId: string, input: z.output<typeof facilityBillingUpdateSchema>): Promise<FacilityBilling> {
  return db.transaction(async (tx) => {
    // One change of an organisation's prefixes at a time, or two facilities could take one prefix.
    await tx.select({ id: facilities.id }).from(facilities).where(eq(facilities.organisationId, caller.organisationId)).for('no key update');
    const books = await allBooks(tx, caller.organisationId);
    const current = books.find((book) => book.facilityId === facilityId);
    if (!current) throw new NotFoundError('Facility not found');
    const next = { ...toFacilityBilling(current), ...input };
    const prefixes = PREFIX_FIELDS.map((field) => next[field]);
    if (new Set(prefixes).size !== prefixes.length) {
      throw new ConflictError('Receipts, invoices and credit notes need different prefixes', [{ path: 'creditNotePrefix', message: 'Use a prefix of its own' }]);
    }
    const usedElsewhere = new Set(books.filter((book) => book.facilityId !== facilityId).flatMap((book) => PREFIX_FIELDS.map((field) => book[field])));
    for (const field of PREFIX_FIELDS) {
      if (usedElsewhere.has(next[field])) throw new ConflictError('Another facility uses this prefix', [{ path: field, message: 'Another facility uses this prefix' }]);
    }
    const values = {
      receiptPrefix: next.receiptPrefix,
      invoicePrefix: next.invoicePrefix,
      creditNotePrefix: next.creditNotePrefix,
      gstin: next.gstin,
      registrationFeePaise: next.registrationFeePaise,
      followUpFeePaise: next.followUpFeePaise,
    };
    await tx
      .insert(facilityBilling)
      .values({ ...values, facilityId, organisationId: caller.organisationId })
      .onConflictDoUpdate({ target: facilityBilling.facilityId, set: { ...values, updatedAt: new Date() } });
    return { ...next, facilityId, facilityName: current.facilityName };
  });
}
