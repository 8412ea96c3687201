import {
  billByVisitQuerySchema,
  billingExportQuerySchema,
  billingSettingsSchema,
  billingSettingsUpdateSchema,
  billItemInputSchema,
  billSchema,
  creditNoteReplySchema,
  dayBookQuerySchema,
  dayBookSchema,
  dayCloseInputSchema,
  discountInputSchema,
  facilityBillingSchema,
  facilityBillingUpdateSchema,
  idParamsSchema,
  idSchema,
  paymentInputSchema,
  paymentReplySchema,
  refundInputSchema,
  standaloneBillInputSchema,
} from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { csvLines, sendCsv } from '../../lib/csv.js';
import { requireRole } from '../../lib/tenancy.js';
import { addBillItem, createStandaloneBill, loadBill, removeBillItem } from './bills.js';
import { approveDiscount, setDiscount } from './discounts.js';
import { billForVisit } from './visit-bills.js';
import { closeDay, dayBook } from './day-book.js';
import { billCsvColumns, exportBills, exportPayments, exportRefunds, paymentCsvColumns, refundCsvColumns } from './exports.js';
import { collectPayment, refundPayment } from './payments.js';
import { billingPdfRoutes } from './pdf-routes.js';
import { listFacilityBilling, readBillingSettings, updateBillingSettings, updateFacilityBilling } from './settings.js';

const tags = ['billing'];
const security = [{ bearerAuth: [] }];

export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Workers bill and collect at the desk; admins configure fees and taxes and approve large
    // discounts. Nothing is reopened: corrections are credit notes (design.md §10).
    const desk = { preHandler: ctx.authenticate };
    const admin = { preHandler: [ctx.authenticate, requireRole('ADMIN')] };

    app.get(
      '/billing/bills',
      {
        ...desk,
        config: { audit: { entity: 'billing', action: 'read', idQuery: 'visitId', patientData: true } },
        schema: {
          tags,
          security,
          summary: "A visit's bill, made on its first read with what the visit is charged",
          querystring: billByVisitQuerySchema,
          response: { 200: billSchema },
        },
      },
      (request) => billForVisit(ctx.db, staffOf(request), request.query.visitId),
    );
    app.get(
      '/billing/bills/:id',
      {
        ...desk,
        config: { audit: { entity: 'billing', action: 'read', idParam: 'id', patientData: true } },
        schema: { tags, security, summary: 'One bill with its items, payments and credit notes', params: idParamsSchema, response: { 200: billSchema } },
      },
      (request) => loadBill(ctx.db, staffOf(request).organisationId, request.params.id),
    );
    app.post(
      '/billing/bills',
      {
        ...desk,
        config: { audit: { entity: 'billing', action: 'create', createdIdFrom: 'reply.id', patientData: true } },
        schema: { tags, security, summary: 'A bill with no visit: a walk-in purchase from the catalogue', body: standaloneBillInputSchema, response: { 201: billSchema } },
      },
      async (request, reply) => reply.status(201).send(await createStandaloneBill(ctx.db, staffOf(request), request.body)),
    );
    app.post(
      '/billing/bills/:id/items',
      {
        ...desk,
        config: { audit: { entity: 'billing', action: 'update', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Add an item from the catalogue while the bill’s day is open',
          params: idParamsSchema,
          body: billItemInputSchema,
          response: { 200: billSchema },
        },
      },
      (request) => addBillItem(ctx.db, staffOf(request), request.params.id, request.body),
    );
    app.delete(
      '/billing/bills/:id/items/:itemId',
      {
        ...desk,
        config: { audit: { entity: 'billing', action: 'update', idParam: 'id', patientData: true } },
        schema: { tags, security, summary: 'Remove an item while the bill’s day is open', params: z.object({ id: idSchema, itemId: idSchema }), response: { 200: billSchema } },
      },
      (request) => removeBillItem(ctx.db, staffOf(request), request.params.id, request.params.itemId),
    );
    app.post(
      '/billing/bills/:id/discount',
      {
        ...desk,
        config: { audit: { entity: 'billing', action: 'update', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: "A discount with its reason; beyond a worker's limit refused, or with requestApproval kept for an admin (202)",
          params: idParamsSchema,
          body: discountInputSchema,
          response: { 200: billSchema, 202: billSchema },
        },
      },
      async (request, reply) => {
        const { status, bill } = await setDiscount(ctx.db, staffOf(request), request.params.id, request.body);
        return reply.status(status).send(bill);
      },
    );
    app.post(
      '/billing/bills/:id/discount/approve',
      {
        ...admin,
        config: { audit: { entity: 'billing', action: 'update', idParam: 'id', patientData: true } },
        schema: { tags, security, summary: 'Approve the discount a worker asked for (administrators)', params: idParamsSchema, response: { 200: billSchema } },
      },
      (request) => approveDiscount(ctx.db, staffOf(request), request.params.id),
    );
    app.post(
      '/billing/bills/:id/payments',
      {
        ...desk,
        config: { audit: { entity: 'billing', action: 'create', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Take a payment (cash, UPI or card): answers it with its receipt number',
          params: idParamsSchema,
          body: paymentInputSchema,
          response: { 201: paymentReplySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await collectPayment(ctx, staffOf(request), request.params.id, request.body, request.log, ctx.onBillingMoneyMoved)),
    );
    app.post(
      '/billing/bills/:id/refunds',
      {
        ...desk,
        config: { audit: { entity: 'billing', action: 'create', idParam: 'id', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Refund with a reason: a numbered credit note',
          params: idParamsSchema,
          body: refundInputSchema,
          response: { 201: creditNoteReplySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await refundPayment(ctx, staffOf(request), request.params.id, request.body, ctx.onBillingMoneyMoved)),
    );
    app.get(
      '/billing/day-book',
      {
        ...desk,
        config: { audit: { entity: 'billing', action: 'list', count: 'entries', patientData: true } },
        schema: {
          tags,
          security,
          summary: "A facility's day: receipts, refunds and dues by mode and staff, and its close",
          querystring: dayBookQuerySchema,
          response: { 200: dayBookSchema },
        },
      },
      (request) => dayBook(ctx.db, staffOf(request), request.query.date, request.query.facilityId),
    );
    app.post(
      '/billing/day-book/close',
      {
        ...desk,
        config: { audit: { entity: 'billing', action: 'create', patientData: true } },
        schema: { tags, security, summary: 'Count the cash and close the day: nothing is dated into it afterwards', body: dayCloseInputSchema, response: { 200: dayBookSchema } },
      },
      (request) => closeDay(ctx.db, staffOf(request), request.body),
    );
    app.get('/billing/settings', { ...desk, schema: { tags, security, summary: 'Fees and taxes', response: { 200: billingSettingsSchema } } }, (request) =>
      readBillingSettings(ctx.db, staffOf(request).organisationId),
    );
    app.patch(
      '/billing/settings',
      {
        ...admin,
        config: { audit: { entity: 'billing', action: 'update' } },
        schema: { tags, security, summary: 'Change fees and taxes (administrators)', body: billingSettingsUpdateSchema, response: { 200: billingSettingsSchema } },
      },
      (request) => updateBillingSettings(ctx.db, staffOf(request), request.body),
    );
    app.get(
      '/billing/facilities',
      { ...desk, schema: { tags, security, summary: "Each facility's prefixes, GSTIN and own fees", response: { 200: z.object({ data: z.array(facilityBillingSchema) }) } } },
      (request) => listFacilityBilling(ctx.db, staffOf(request)),
    );
    app.patch(
      '/billing/facilities/:id',
      {
        ...admin,
        config: { audit: { entity: 'billing', action: 'update', idParam: 'id' } },
        schema: {
          tags,
          security,
          summary: "Change a facility's prefixes, GSTIN or fees (administrators)",
          params: idParamsSchema,
          body: facilityBillingUpdateSchema,
          response: { 200: facilityBillingSchema },
        },
      },
      (request) => updateFacilityBilling(ctx.db, staffOf(request), request.params.id, request.body),
    );

    // The accountant's exports: business dates from–to (at most 366 days apart), Tally's columns.
    const exportOptions = (summary: string) => ({
      ...desk,
      config: { audit: { entity: 'billing', action: 'export', patientData: true } as const },
      schema: { tags, security, summary, querystring: billingExportQuerySchema },
    });
    app.get('/billing/export/bills.csv', exportOptions('Bills (sales vouchers) by business date, as CSV (UTF-8 with BOM)'), (request, reply) =>
      sendCsv(reply, 'bills', csvLines(billCsvColumns, exportBills(ctx.db, staffOf(request), request.query))),
    );
    app.get('/billing/export/payments.csv', exportOptions('Payments (receipt vouchers) by business date, as CSV (UTF-8 with BOM)'), (request, reply) =>
      sendCsv(reply, 'payments', csvLines(paymentCsvColumns, exportPayments(ctx.db, staffOf(request), request.query))),
    );
    app.get('/billing/export/refunds.csv', exportOptions('Refunds (credit notes) by business date, as CSV (UTF-8 with BOM)'), (request, reply) =>
      sendCsv(reply, 'refunds', csvLines(refundCsvColumns, exportRefunds(ctx.db, staffOf(request), request.query))),
    );

    await app.register(billingPdfRoutes(ctx));
  };
}
