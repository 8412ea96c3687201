import {
  EVENTS_AUTH_TIMEOUT_MS,
  EVENTS_CLOSE_UNAUTHORIZED,
  EVENTS_HEARTBEAT_MS,
  eventsClientMessageSchema,
  type AppEvent,
  type EventsServerMessage,
} from '@caredesk/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { decodeJwt } from 'jose';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context.js';
import { sessions, staff as staffTable } from '../../db/schema/index.js';
import { verifyStaffToken, type StaffContext } from '../../lib/auth.js';

export interface EventRouteOptions {
  /** The server pings every heartbeatMs and drops a socket that did not answer the previous ping. */
  heartbeatMs?: number;
  /** The first message, {type:'auth', token}, must arrive within this time. */
  authTimeoutMs?: number;
  /** A client this far behind (bytes queued) is dropped; it reconnects and resyncs. */
  maxBufferedBytes?: number;
}

interface Client {
  socket: WebSocket;
  staff: StaffContext | undefined;
  alive: boolean;
  timer: NodeJS.Timeout | undefined;
}

const OPEN = 1;

function send(socket: WebSocket, message: EventsServerMessage): void {
  if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
}

/**
 * WebSocket /api/events (design.md §6). The first message authenticates with the same checks as
 * every HTTP route; events then reach only the caller's organisation (and an event with a
 * recipientStaffId only that staff member). Tokens are never logged.
 */
export function eventRoutes(ctx: AppContext, options: EventRouteOptions = {}): FastifyPluginAsync {
  const heartbeatMs = options.heartbeatMs ?? EVENTS_HEARTBEAT_MS;
  const authTimeoutMs = options.authTimeoutMs ?? EVENTS_AUTH_TIMEOUT_MS;
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;

  return async (app) => {
    const clients = new Set<Client>();
    /** Authenticated clients by organisation, so an event touches only its organisation's sockets. */
    const byOrganisation = new Map<string, Set<Client>>();

    const deliver = (organisationId: string, event: AppEvent): void => {
      const members = byOrganisation.get(organisationId);
      if (!members) return;
      const text = JSON.stringify(event);
      for (const client of members) {
        if (event.recipientStaffId && event.recipientStaffId !== client.staff?.id) continue;
        if (client.socket.readyState !== OPEN) continue;
        if (client.socket.bufferedAmount > maxBuffered) {
          client.socket.terminate();
          continue;
        }
        client.socket.send(text);
      }
    };
    const unsubscribe = ctx.events.subscribe(deliver);
    // Events raised while the listener was down were missed: make every client reconnect and resync.
    const offReconnect = ctx.events.onReconnect(() => {
      for (const client of clients) if (client.staff) client.socket.close(1012, 'Reconnect to resync');
    });

    /**
     * A sign-out (here or on another process), a deactivation or a revoked session family ends
     * its sockets by the next heartbeat: one query for every signed-in socket of this process.
     */
    const closeEndedSessions = async (): Promise<void> => {
      const signedIn = [...clients].filter((client) => client.staff);
      if (signedIn.length === 0) return;
      const families = [...new Set(signedIn.map((client) => client.staff!.sessionFamilyId))];
      const live = await ctx.db
        .selectDistinct({ familyId: sessions.familyId })
        .from(sessions)
        .innerJoin(staffTable, eq(staffTable.id, sessions.staffId))
        .where(and(inArray(sessions.familyId, families), isNull(sessions.revokedAt), eq(staffTable.active, true)));
      const liveFamilies = new Set(live.map((row) => row.familyId));
      for (const client of signedIn) {
        if (!liveFamilies.has(client.staff!.sessionFamilyId)) client.socket.close(EVENTS_CLOSE_UNAUTHORIZED, 'Your session has ended. Sign in again.');
      }
    };

    const heartbeat = setInterval(() => {
      for (const client of clients) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
      closeEndedSessions().catch((error: unknown) => app.log.warn({ err: error }, 'events: session check failed'));
    }, heartbeatMs);
    heartbeat.unref();

    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      unsubscribe();
      offReconnect();
      for (const client of clients) client.socket.terminate();
    });

    const remove = (client: Client): void => {
      clearTimeout(client.timer);
      clients.delete(client);
      if (!client.staff) return;
      const members = byOrganisation.get(client.staff.organisationId);
      members?.delete(client);
      if (members?.size === 0) byOrganisation.delete(client.staff.organisationId);
    };

    app.get('/events', { websocket: true, schema: { hide: true } }, (socket, request) => {
      const client: Client = { socket, staff: undefined, alive: true, timer: undefined };
      clients.add(client);
      let authenticating = false;
      const unauthorized = (reason: string): void => {
        clearTimeout(client.timer);
        socket.close(EVENTS_CLOSE_UNAUTHORIZED, reason);
      };
      client.timer = setTimeout(() => unauthorized('Sign in to continue'), authTimeoutMs);

      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => remove(client));
      socket.on('error', () => socket.terminate());

      socket.on('message', (data, isBinary) => {
        client.alive = true;
        if (authenticating) return;
        let message;
        try {
          message = isBinary ? undefined : eventsClientMessageSchema.safeParse(JSON.parse(String(data)));
        } catch {
          message = undefined;
        }
        if (client.staff) {
          if (message?.success && message.data.type === 'ping') send(socket, { type: 'pong' });
          return;
        }
        // Not signed in yet: the first message must be {type:'auth', token}.
        if (!message?.success || message.data.type !== 'auth') {
          unauthorized('Sign in to continue');
          return;
        }
        const { token } = message.data;
        authenticating = true;
        verifyStaffToken(ctx.db, ctx.jwtKey, token).then(
          (staff) => {
            authenticating = false;
            if (socket.readyState !== OPEN) return;
            clearTimeout(client.timer);
            const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;
            client.timer = setTimeout(() => unauthorized('Your session has expired'), Math.max(0, expiresAt - Date.now()));
            client.staff = staff;
            let members = byOrganisation.get(staff.organisationId);
            if (!members) byOrganisation.set(staff.organisationId, (members = new Set()));
            members.add(client);
            request.log.debug({ staffId: staff.id }, 'events socket ready');
            send(socket, { type: 'ready' });
          },
          () => {
            authenticating = false;
            unauthorized('Your session has ended. Sign in again.');
          },
        );
      });
    });
  };
}
