import { canAccessArea, idParamsSchema, waitlistEntriesSchema, waitlistEntrySchema, waitlistJoinSchema, waitlistQuerySchema, type WaitlistKind } from '@caredesk/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { waitlistEntries } from '../../db/schema/index.js';
import { staffOf } from '../../lib/auth.js';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { requireArea } from '../../lib/tenancy.js';
import { staffActor } from '../visits/index.js';
import { kindOf } from './day.js';
import { joinWaitlist, listWaitlist, readEntry } from './entries.js';
import { takeOffer, type Waitlist } from './service.js';

const tags = ['waitlist'];
const security = [{ bearerAuth: [] }];

/** The kind's area (appointments, bookings) is the caller's: the waitlist of a list they cannot open is not theirs either. */
function assertKindArea(request: FastifyRequest, kind: WaitlistKind): void {
  const caller = staffOf(request);
  if (!canAccessArea(caller.organisationType, caller.role, kindOf(kind).area)) throw new ForbiddenError();
}

/** The kind of one of the organisation's entries, to check the caller's area before acting on it. */
async function kindOfEntry(ctx: AppContext, request: FastifyRequest, id: string): Promise<WaitlistKind> {
  const [row] = await ctx.db.select({ kind: waitlistEntries.kind, organisationId: waitlistEntries.organisationId }).from(waitlistEntries).where(eq(waitlistEntries.id, id));
  if (!row || row.organisationId !== staffOf(request).organisationId) throw new NotFoundError('Waitlist entry not found');
  assertKindArea(request, row.kind);
  return row.kind;
}

/** /api/waitlist: the desk's side of a full day's line (issue 21). */
export function waitlistRoutes(ctx: AppContext, waitlist: Waitlist): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, requireArea('appointments', 'bookings')] };
    const writeOptions = { events: ctx.events, lifecycle: ctx.visitLifecycle };

    app.get(
      '/waitlist',
      {
        ...guard,
        config: { audit: { entity: 'waitlist', action: 'list', count: 'data', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'One doctor’s (or scan’s or test’s) waitlist for a day, in the order its patients joined, with what became of each',
          querystring: waitlistQuerySchema,
          response: { 200: waitlistEntriesSchema },
        },
      },
      async (request) => {
        assertKindArea(request, request.query.kind);
        return { data: await listWaitlist(ctx.db, staffOf(request).organisationId, request.query) };
      },
    );
    app.post(
      '/waitlist',
      {
        ...guard,
        config: { audit: { entity: 'waitlist', action: 'create', createdIdFrom: 'reply.id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Put a patient on a full day’s waitlist (409 while the day has a free slot, or when they already wait for it)',
          body: waitlistJoinSchema,
          response: { 201: waitlistEntrySchema },
        },
      },
      async (request, reply) => {
        assertKindArea(request, request.body.kind);
        const caller = staffOf(request);
        return reply.status(201).send(await joinWaitlist(ctx.db, caller.organisationId, caller.id, request.body, ctx.events));
      },
    );
    app.post(
      '/waitlist/:id/book',
      {
        ...guard,
        config: { audit: { entity: 'waitlist', action: 'update', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Book the place offered to a waitlisted patient, on their behalf (409 when nothing is offered or the hold has run out)',
          params: idParamsSchema,
          response: { 200: waitlistEntrySchema },
        },
      },
      async (request) => {
        await kindOfEntry(ctx, request, request.params.id);
        const caller = staffOf(request);
        await takeOffer(ctx.db, staffActor(caller), request.params.id, 'CONSOLE', writeOptions);
        return readEntry(ctx.db, caller.organisationId, request.params.id);
      },
    );
    app.delete(
      '/waitlist/:id',
      {
        ...guard,
        config: { audit: { entity: 'waitlist', action: 'update', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Take a patient off the waitlist; a place held for them goes to the next patient waiting',
          params: idParamsSchema,
          response: { 200: waitlistEntrySchema },
        },
      },
      async (request) => {
        await kindOfEntry(ctx, request, request.params.id);
        const caller = staffOf(request);
        await waitlist.close(caller.organisationId, request.params.id, 'LEFT');
        return readEntry(ctx.db, caller.organisationId, request.params.id);
      },
    );
  };
}
