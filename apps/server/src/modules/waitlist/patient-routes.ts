import {
  idParamsSchema,
  patientWaitlistEntrySchema,
  patientWaitlistJoinSchema,
  patientWaitlistSchema,
  type PatientWaitlistEntry,
  type PatientWaitlistJoin,
} from '@caredesk/shared';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { organisations, patients, waitlistEntries } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { ownPatients, patientOf, type PatientCaller } from '../../lib/patient-auth.js';
import { auditPatientAppWrite } from '../audit/index.js';
import { entryColumns, entryFields, joinWaitlistIn } from './entries.js';
import { takeOffer, type Waitlist } from './service.js';

const tags = ['patient'];
const security = [{ bearerAuth: [] }];

/** The account's entries matching `where`: from yesterday on, the open ones and what became of the others. */
async function ownEntries(db: Db, caller: PatientCaller, where?: SQL): Promise<(PatientWaitlistEntry & { organisationId: string })[]> {
  const rows = await db
    .select({ ...entryColumns, patientName: patients.name, organisation: { name: organisations.name, slug: organisations.slug } })
    .from(waitlistEntries)
    .innerJoin(patients, eq(patients.id, waitlistEntries.patientId))
    .innerJoin(organisations, eq(organisations.id, waitlistEntries.organisationId))
    .where(and(ownPatients(caller), where ?? sql`${waitlistEntries.date} >= current_date - 1`))
    .orderBy(asc(waitlistEntries.date), asc(waitlistEntries.createdAt));
  return rows.map((row) => ({ ...entryFields(row), organisationId: row.organisationId, patientName: row.patientName, organisation: row.organisation }));
}

/** One of the account's entries, or 404 (never confirming another phone's). */
async function ownEntry(db: Db, caller: PatientCaller, id: string) {
  const [entry] = await ownEntries(db, caller, eq(waitlistEntries.id, id));
  if (!entry) throw new NotFoundError('Waitlist entry not found');
  return entry;
}

/** What joining from the app needs of the patient API: its online-booking rules and its choice of patient record. */
export interface PatientJoinRules {
  /** Throws (404, or 400 naming the date) unless the app may book the owner on that date. */
  assertBookable(db: Db, input: PatientWaitlistJoin): Promise<void>;
  /** The record the app chose (oneself, or a family member by name), found or created in the join's transaction. */
  patientFor(tx: Tx, caller: PatientCaller, organisationId: string, choice: PatientWaitlistJoin['patient']): Promise<string>;
}

/** /api/patient/waitlist: the patient's side of the line: join a full day, see it, take or decline an offer, leave. */
export function patientWaitlistRoutes(ctx: AppContext, authenticate: preHandlerAsyncHookHandler, waitlist: Waitlist, rules: PatientJoinRules): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { preHandler: authenticate };
    const writeOptions = { events: ctx.events, lifecycle: ctx.visitLifecycle };
    const write = { entity: 'waitlist', action: 'create-or-update', actor: 'patient-app', recordFrom: 'handler' } as const;
    /** The entry's organisation and id for the audit trail, then the entry as it now stands. */
    const answer = async (request: FastifyRequest, caller: PatientCaller, id: string) => {
      const { organisationId, ...entry } = await ownEntry(ctx.db, caller, id);
      auditPatientAppWrite(request, { organisationId, id });
      return entry;
    };

    app.get(
      '/patient/waitlist',
      {
        ...signedIn,
        config: { audit: { notAudited: 'the account holder reading their own places on waitlists, not an organisation’s staff reading a patient’s' } },
        schema: {
          tags,
          security,
          summary: 'The account’s waitlist places from yesterday on: waiting, offered, and what became of the rest',
          response: { 200: patientWaitlistSchema },
        },
      },
      async (request) => ({ data: (await ownEntries(ctx.db, patientOf(request))).map(({ organisationId: _organisationId, ...entry }) => entry) }),
    );
    app.post(
      '/patient/waitlist',
      {
        ...signedIn,
        config: { audit: write },
        schema: {
          tags,
          security,
          summary: 'Join a full day’s waitlist for oneself or a family member, within the online-booking rules (409 while the day has a free slot)',
          body: patientWaitlistJoinSchema,
          response: { 201: patientWaitlistEntrySchema },
        },
      },
      async (request, reply) => {
        const caller = patientOf(request);
        const { organisationId, kind, ownerId, date, patient } = request.body;
        await rules.assertBookable(ctx.db, request.body);
        const id = await ctx.db.transaction(async (tx) =>
          joinWaitlistIn(tx, organisationId, null, { kind, ownerId, date, patientId: await rules.patientFor(tx, caller, organisationId, patient) }, ctx.events),
        );
        return reply.status(201).send(await answer(request, caller, id));
      },
    );
    app.post(
      '/patient/waitlist/:id/accept',
      {
        ...signedIn,
        config: { audit: write },
        schema: {
          tags,
          security,
          summary: 'Take the place offered: it is booked as a visit (409 when the hold has run out)',
          params: idParamsSchema,
          response: { 200: patientWaitlistEntrySchema },
        },
      },
      async (request) => {
        const caller = patientOf(request);
        const { organisationId } = await ownEntry(ctx.db, caller, request.params.id);
        await takeOffer(ctx.db, { organisationId, staffId: null }, request.params.id, 'APP', { ...writeOptions, scope: ownPatients(caller) });
        return answer(request, caller, request.params.id);
      },
    );
    for (const [action, status, summary] of [
      ['decline', 'DECLINED', 'Decline the place offered: it goes to the next patient waiting'],
      ['leave', 'LEFT', 'Leave the waitlist; a place held goes to the next patient waiting'],
    ] as const) {
      app.post(
        `/patient/waitlist/:id/${action}`,
        { ...signedIn, config: { audit: write }, schema: { tags, security, summary, params: idParamsSchema, response: { 200: patientWaitlistEntrySchema } } },
        async (request) => {
          const caller = patientOf(request);
          const { organisationId } = await ownEntry(ctx.db, caller, request.params.id);
          await waitlist.close(organisationId, request.params.id, status, ownPatients(caller));
          return answer(request, caller, request.params.id);
        },
      );
    }
  };
}
