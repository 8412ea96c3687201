import { phoneDigits, type AppEvent } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { patients } from '../../db/schema/index.js';
import { livePatientSessions, ownPatients, verifyPatientCaller, type PatientCaller } from '../../lib/patient-auth.js';
import { ClientIndex, type SignedInClient, type SocketAudience } from './socket.js';

/** A patient app account on a socket, and the organisations whose queues it follows. */
interface PatientSocketCaller extends PatientCaller {
  phoneDigits: string;
  organisationIds: Set<string>;
}

interface RecordOwner {
  phoneDigits: string;
  organisationId: string;
}

/**
 * Whose phone a patient record carries, for a short while. Events name a record, not a phone;
 * looking each up would cost a query per desk event per process. A minute's staleness is what
 * a phone changed at the desk may take to stop (or start) reaching an account's socket.
 */
class RecordOwners {
  private readonly entries = new Map<string, { owner: RecordOwner | null; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** The cached answer (null: no such record), or undefined when it must be looked up. */
  get(patientId: string, now = Date.now()): RecordOwner | null | undefined {
    const entry = this.entries.get(patientId);
    if (!entry || entry.expiresAt <= now) return undefined;
    return entry.owner;
  }

  set(patientId: string, owner: RecordOwner | null, now = Date.now()): void {
    this.entries.delete(patientId);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(patientId, { owner, expiresAt: now + this.ttlMs });
  }
}

/** The patient record an event is about, if it names one the patient app may hear of. */
function recordOf(event: AppEvent): string | undefined {
  return event.type === 'chat.message' || event.type === 'appointment.updated' || event.type === 'booking.updated' || event.type === 'waitlist.updated'
    ? event.patientId
    : undefined;
}

/**
 * Patients: chat.message, appointment.updated and booking.updated events about one of the
 * account's patient records (those carrying its phone, in any organisation), and token.updated
 * events of the organisations where it has records, so the app refetches its queue position.
 * A record made after the socket signed in (a booking in the app, a record at the desk) is
 * found at its first event, which also adds its organisation's queues.
 */
export function patientAudience(ctx: AppContext): SocketAudience<PatientSocketCaller> {
  const byPhone = new ClientIndex<string, PatientSocketCaller>();
  const byOrganisation = new ClientIndex<string, PatientSocketCaller>();
  const owners = new RecordOwners();

  const follow = (client: SignedInClient<PatientSocketCaller>, organisationId: string): void => {
    if (client.caller.organisationIds.has(organisationId)) return;
    client.caller.organisationIds.add(organisationId);
    byOrganisation.add(organisationId, client);
  };
  const accountsOf = (owner: RecordOwner | null): SignedInClient<PatientSocketCaller>[] => {
    if (!owner) return [];
    const clients = [...byPhone.get(owner.phoneDigits)];
    for (const client of clients) follow(client, owner.organisationId);
    return clients;
  };
  const lookUp = async (patientId: string): Promise<SignedInClient<PatientSocketCaller>[]> => {
    const [row] = await ctx.db.select({ phoneDigits: patients.phoneDigits, organisationId: patients.organisationId }).from(patients).where(eq(patients.id, patientId));
    owners.set(patientId, row ?? null);
    return accountsOf(row ?? null);
  };

  return {
    name: 'patient events',
    async authenticate(token) {
      const caller = await verifyPatientCaller(ctx.db, ctx.jwtKey, token);
      const own = await ctx.db.select({ id: patients.id, phoneDigits: patients.phoneDigits, organisationId: patients.organisationId }).from(patients).where(ownPatients(caller));
      for (const { id, ...owner } of own) owners.set(id, owner);
      return { ...caller, phoneDigits: phoneDigits(caller.phone), organisationIds: new Set(own.map((row) => row.organisationId)) };
    },
    // A sign-out or an expired session.
    async stillSignedIn(callers) {
      const live = await livePatientSessions(ctx.db, [...new Set(callers.map((caller) => caller.sessionId))]);
      return (caller) => live.has(caller.sessionId);
    },
    added(client) {
      byPhone.add(client.caller.phoneDigits, client);
      for (const organisationId of client.caller.organisationIds) byOrganisation.add(organisationId, client);
    },
    removed(client) {
      byPhone.remove(client.caller.phoneDigits, client);
      for (const organisationId of client.caller.organisationIds) byOrganisation.remove(organisationId, client);
    },
    recipients(organisationId, event) {
      if (event.type === 'token.updated') return byOrganisation.get(organisationId);
      const patientId = recordOf(event);
      // Nobody on this process to tell: no lookup.
      if (!patientId || byPhone.isEmpty()) return [];
      const cached = owners.get(patientId);
      return cached === undefined ? lookUp(patientId) : accountsOf(cached);
    },
    logFields: (caller) => ({ patientAccountId: caller.accountId }),
  };
}
