import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { sessions, staff as staffTable } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { staffMaySee } from './areas.js';
import { patientAudience } from './patient-audience.js';
import { ClientIndex, eventSocket, type EventRouteOptions, type SocketAudience } from './socket.js';

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
    authenticate: (token) => ctx.verifyStaffToken(token),
    // A sign-out, a deactivation or a revoked session family. A role changed since the socket
    // signed in counts too: its area filter would go on with the old menu (a demoted admin kept
    // receiving chat.message). The console answers 4401 by refreshing its token and reconnecting,
    // so a person whose session lives comes back at once with the new role's events only.
    async stillSignedIn(callers) {
      const families = [...new Set(callers.map((caller) => caller.sessionFamilyId))];
      const live = await ctx.db
        .selectDistinct({ familyId: sessions.familyId, role: staffTable.role, doctorId: staffTable.doctorId })
        .from(sessions)
        .innerJoin(staffTable, eq(staffTable.id, sessions.staffId))
        .where(and(inArray(sessions.familyId, families), isNull(sessions.revokedAt), eq(staffTable.active, true)));
      const liveOfFamily = new Map(live.map((row) => [row.familyId, row]));
      return (caller) => {
        const row = liveOfFamily.get(caller.sessionFamilyId);
        return row?.role === caller.role && row.doctorId === caller.doctorId;
      };
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
