import { idParamsSchema, seriesCancelSchema, seriesChangeResultSchema, type MenuArea, type SeriesChangeResult } from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffOf, type StaffContext } from '../../lib/auth.js';
import { requireArea } from '../../lib/tenancy.js';
import { auditStaffWrites } from '../audit/index.js';
import type { Db } from '../../db/client.js';
import type { BookedVisit } from './book.js';
import type { VisitCreate, VisitKind } from './kinds.js';
import { bookSeries, cancelSeries, rescheduleSeries, seriesRecord, type SeriesBooking, type SeriesChange, type SeriesMove } from './series.js';
import { staffActor } from './book.js';

type OwnerKey = 'doctorId' | 'serviceId';
/** A series asked for: the plan, with its owner under the kind's own key. */
type SeriesAsked = Omit<SeriesBooking, 'ownerId'> & Partial<Record<OwnerKey, string>>;
type MoveAsked = Omit<SeriesMove, 'ownerId'> & Partial<Record<OwnerKey, string>>;

function changeResult(change: SeriesChange): SeriesChangeResult {
  return { series: seriesRecord(change.series), changed: change.changed, refused: change.refused };
}

/** What differs between a kind's series routes: its names, its owner's key and its schemas. */
export interface SeriesRoutesSpec {
  kind: VisitKind<VisitCreate, 'cancel'>;
  area: MenuArea;
  /** The path segment and the audit entity: 'appointments' or 'bookings'. */
  plural: 'appointments' | 'bookings';
  /** 'appointment', 'booking'; the owner as a reschedule names it: 'doctor', 'scan or test'. */
  noun: string;
  ownerNoun: string;
  ownerKey: OwnerKey;
  create: z.ZodType<SeriesAsked>;
  booked: z.ZodType;
  series: z.ZodType;
  reschedule: z.ZodType<MoveAsked>;
  /** The 201's record of one visit booked, from what its statements wrote. */
  bookedVisit(visit: BookedVisit): unknown;
  readSeries(db: Db, caller: StaffContext, id: string): Promise<unknown>;
}

/**
 * Recurring visits of one kind (issue 21): book a series, read it, cancel or move it as a whole.
 * One visit of a series is cancelled or moved with the single-visit routes and stays in the series.
 */
export function seriesRoutes(ctx: AppContext, spec: SeriesRoutesSpec): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, requireArea(spec.area)] };
    const options = { events: ctx.events, lifecycle: ctx.visitLifecycle };
    const tags = [spec.plural];
    const security = [{ bearerAuth: [] }];
    const entity = spec.plural;
    const { noun, plural } = spec;

    app.post(
      `/${plural}/series`,
      {
        ...guard,
        // One entry per visit booked.
        config: { audit: { entity, action: 'each', patientData: true } },
        schema: {
          tags,
          security,
          summary:
            'Book a series: every N days or weeks, a count or an end date; each date through the booking rules, those refused skipped and listed (409 when none can be booked)',
          body: spec.create,
          response: { 201: spec.booked },
        },
      },
      async (request, reply) => {
        const { doctorId: _doctorId, serviceId: _serviceId, ...plan } = request.body;
        const ownerId = request.body[spec.ownerKey]!;
        const booked = await bookSeries(ctx.db, spec.kind, staffActor(staffOf(request)), { ...plan, ownerId }, { ...options, language: request.language });
        auditStaffWrites(
          request,
          booked.visits.map((visit) => ({ id: visit.id, action: 'create' })),
        );
        return reply.status(201).send({ series: seriesRecord(booked.series), visits: booked.visits.map((visit) => spec.bookedVisit(visit)), skipped: booked.skipped });
      },
    );
    app.get(
      `/${plural}/series/:id`,
      {
        ...guard,
        config: { audit: { entity, action: 'read', idParam: 'id', patientData: true } },
        schema: { tags, security, summary: `A series and all its ${plural}, by date`, params: idParamsSchema, response: { 200: spec.series } },
      },
      (request) => spec.readSeries(ctx.db, staffOf(request), request.params.id),
    );
    app.post(
      `/${plural}/series/:id/cancel`,
      {
        ...guard,
        // One entry per visit cancelled.
        config: { audit: { entity, action: 'each', patientData: true } },
        schema: {
          tags,
          security,
          summary: `Cancel a series: each ${noun} still booked and not yet begun, with the reason (checked-in and completed ones stay)`,
          params: idParamsSchema,
          body: seriesCancelSchema,
          response: { 200: seriesChangeResultSchema },
        },
      },
      async (request) => {
        const change = await cancelSeries(ctx.db, spec.kind, staffActor(staffOf(request)), request.params.id, request.body.reason, { ...options, language: request.language });
        auditStaffWrites(
          request,
          change.changed.map((visit) => ({ id: visit.id, action: 'update' })),
        );
        return changeResult(change);
      },
    );
    app.post(
      `/${plural}/series/:id/reschedule`,
      {
        ...guard,
        // One entry per visit moved.
        config: { audit: { entity, action: 'each', patientData: true } },
        schema: {
          tags,
          security,
          summary: `Move a series: each ${noun} still booked and not yet begun to a new time of its day (and/or another ${spec.ownerNoun}); those that cannot move are listed with why`,
          params: idParamsSchema,
          body: spec.reschedule,
          response: { 200: seriesChangeResultSchema },
        },
      },
      async (request) => {
        const { doctorId: _doctorId, serviceId: _serviceId, ...move } = request.body;
        const ownerId = request.body[spec.ownerKey];
        const change = await rescheduleSeries(ctx.db, spec.kind, staffActor(staffOf(request)), request.params.id, { ...move, ownerId }, { ...options, language: request.language });
        auditStaffWrites(
          request,
          change.changed.map((visit) => ({ id: visit.id, action: 'update' })),
        );
        return changeResult(change);
      },
    );
  };
}
