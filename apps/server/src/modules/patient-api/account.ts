import type { MessageLanguage, PatientAccount } from '@caredesk/shared';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { patientAccounts, patients } from '../../db/schema/index.js';
import { ownPatients, type PatientCaller } from '../../lib/patient-auth.js';

/** A patient record a change reached, for the audit trail of its organisation. */
export interface ChangedRecord {
  organisationId: string;
  id: string;
}

/**
 * PATCH /api/patient/account: the language chosen in the app, kept on the account (the app opens
 * in it after signing in on another phone) and on every record carrying the account's phone, in
 * every organisation, so the messages they send follow it. The holder's own choice outranks the
 * one the desk set. Answers the records it changed: those already in the language are not
 * rewritten, so not audited.
 */
export async function setAccountLanguage(db: Db, caller: PatientCaller, language: MessageLanguage): Promise<{ account: PatientAccount; changed: ChangedRecord[] }> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .update(patientAccounts)
      .set({ language })
      .where(eq(patientAccounts.id, caller.accountId))
      .returning({ id: patientAccounts.id, phone: patientAccounts.phone, language: patientAccounts.language });
    const changed = await tx
      .update(patients)
      .set({ messageLanguage: language, updatedAt: new Date() })
      .where(and(ownPatients(caller), or(isNull(patients.messageLanguage), ne(patients.messageLanguage, language))))
      .returning({ organisationId: patients.organisationId, id: patients.id });
    return { account: account!, changed };
  });
}
