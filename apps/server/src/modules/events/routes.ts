import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { patients, sessions, staff as staffTable } from '../../db/schema/index.js';
import { verifyStaffToken, type StaffContext } from '../../lib/auth.js';
import { livePatientSessions, ownPatients, verifyPatientCaller, type PatientCaller } from '../../lib/patient-auth.js';
import { staffMaySee } from './areas.js';
import { ClientIndex, eventSocket, type EventRouteOptions, type SignedInClient, type SocketAudience } from './socket.js';

export type { EventRouteOptions } from './socket.js';

/**
 * Staff: events reach the caller's organisation only, only staff whose menu shows the event's
 * area (a worker without Chats never sees chat.message), and one with a recipientStaffId only
 * that staff member.
 */
function staffAudience(ctx: AppContext): SocketAudience<StaffContext> {
  const byOrganisation = new ClientIndex<string, StaffContext>();
  return {
    name: 'events',
    authenticate: (token) => verifyStaffToken(ctx.db, ctx.jwtKey, token),
    // A sign-out, a deactivation or a revoked session family. A role changed since the socket
    // signed in counts too: its area filter would go on with the old menu (a demoted admin kept
    // receiving chat.message). The console answers 4401 by refreshing its token and reconnecting,
    // so a person whose session lives comes back at once with the new role's events only.
    async stillSignedIn(callers) {
      const families = [...new Set(callers.map((caller) => caller.sessionFamilyId))];
      const live = await ctx.db
        .selectDistinct({ familyId: sessions.familyId, role: staffTable.role })
        .from(sessions)
        .innerJoin(staffTable, eq(staffTable.id, sessions.staffId))
        .where(and(inArray(sessions.familyId, families), isNull(sessions.revokedAt), eq(staffTable.active, true)));
      const roleOfFamily = new Map(live.map((row) => [row.familyId, row.role]));
      return (caller) => roleOfFamily.get(caller.sessionFamilyId) === caller.role;
    },
    added: (client) => byOrganisation.add(client.caller.organisationId, client),
    removed: (client) => byOrganisation.remove(client.caller.organisationId, client),
    *recipients(organisationId, event) {
      for (const client of byOrganisation.get(organisationId)) {
        if (event.recipientStaffId && event.recipientStaffId !== client.caller.id) continue;
        if (staffMaySee(event, client.caller)) yield client;
      }
    },
    logFields: (caller) => ({ staffId: caller.id }),
  };
}

/** A patient app account and the patient records carrying its phone when its socket signed in. */
interface PatientSocketCaller extends PatientCaller {
  patientIds: string[];
}

/**
 * Patients: only chat.message events naming one of the account's patient records (any
 * organisation). A record or conversation created later is picked up on reconnect.
 */
function patientAudience(ctx: AppContext): SocketAudience<PatientSocketCaller> {
  const byPatient = new ClientIndex<string, PatientSocketCaller>();
  return {
    name: 'patient events',
    async authenticate(token) {
      const caller = await verifyPatientCaller(ctx.db, ctx.jwtKey, token);
      const own = await ctx.db.select({ id: patients.id }).from(patients).where(ownPatients(caller));
      return { ...caller, patientIds: own.map((row) => row.id) };
    },
    // A sign-out or an expired session.
    async stillSignedIn(callers) {
      const live = await livePatientSessions(ctx.db, [...new Set(callers.map((caller) => caller.sessionId))]);
      return (caller) => live.has(caller.sessionId);
    },
    added(client) {
      for (const patientId of client.caller.patientIds) byPatient.add(patientId, client);
    },
    removed(client) {
      for (const patientId of client.caller.patientIds) byPatient.remove(patientId, client);
    },
    recipients(_organisationId, event): Iterable<SignedInClient<PatientSocketCaller>> {
      return event.type === 'chat.message' && event.patientId ? byPatient.get(event.patientId) : [];
    },
    logFields: (caller) => ({ patientAccountId: caller.accountId }),
  };
}

/**
 * WebSocket /api/events (design.md §6) for the console and /api/patient/events for the patient
 * app: one protocol and lifecycle (events/socket.ts). The first message authenticates with the
 * same checks as that side's HTTP routes (a staff token is refused by the patient socket and a
 * patient token by the staff one). Tokens are never logged.
 */
export function eventRoutes(ctx: AppContext, options: EventRouteOptions = {}): FastifyPluginAsync {
  return async (app) => {
    app.get('/events', { websocket: true, schema: { hide: true } }, eventSocket(app, ctx.events, options, staffAudience(ctx)));
    app.get('/patient/events', { websocket: true, schema: { hide: true } }, eventSocket(app, ctx.events, options, patientAudience(ctx)));
  };
}
