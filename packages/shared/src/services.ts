import { z } from 'zod';
import { gstRateBpSchema, sacCodeSchema } from './billing.js';
import { MAX_EXTRA_PER_DAY } from './doctors.js';
import type { MenuArea } from './navigation.js';
import { listQuerySchema, paiseSchema, queryBooleanSchema } from './lists.js';
import { weeklyAvailabilitySchema } from './schedule.js';
import { lineText, multilineText } from './text.js';

/** Scans and tests live under /scan; everything else a provider sells under /service. */
export const serviceKinds = ['SCAN', 'TEST', 'OTHER'] as const;
export const serviceKindSchema = z.enum(serviceKinds);
export type ServiceKind = z.infer<typeof serviceKindSchema>;

/** A package (a health check) holds at most this many scans and tests. */
export const MAX_PACKAGE_TESTS = 30;

/** A scan or test without a duration is booked in slots of this many minutes. */
export const DEFAULT_SERVICE_SLOT_MINUTES = 15;

export function areaOfServiceKind(kind: ServiceKind): MenuArea {
  return kind === 'OTHER' ? 'services' : 'scans';
}

export const SERVICE_CATEGORIES = {
  SCAN: ['MRI', 'CT', 'X-Ray', 'Ultrasound', 'Mammography', 'PET-CT', 'DEXA', 'Doppler', 'ECG', 'Echo'],
  TEST: ['Pathology', 'Biochemistry', 'Haematology', 'Microbiology', 'Hormones', 'Health Package'],
  OTHER: ['Consultation', 'Procedure', 'Home Care', 'Nursing', 'Physiotherapy', 'Vaccination', 'Ambulance', 'Other'],
} as const satisfies Record<ServiceKind, readonly string[]>;

const serviceFields = z.object({
  facilityId: z.uuid().nullable().optional(),
  kind: serviceKindSchema,
  name: lineText().trim().min(2, 'Enter the service name').max(120),
  category: lineText().trim().max(60).nullable().optional(),
  description: multilineText().trim().max(2000).nullable().optional(),
  pricePaise: paiseSchema,
  /** What its bill line is taxed as (billing): most healthcare services are exempt (0). */
  sacCode: sacCodeSchema.nullable().optional(),
  gstRateBp: gstRateBpSchema.optional(),
  durationMinutes: z.number().int().min(5).max(720).nullable().optional(),
  preparation: multilineText().trim().max(2000).nullable().optional(),
  reportTurnaroundHours: z.number().int().min(0).max(720).nullable().optional(),
  imageUrl: lineText().max(500).nullable().optional(),
  availability: weeklyAvailabilitySchema,
  capacityPerSlot: z.number().int().min(1).max(100),
  /** Extra bookings a day beyond the slots: booked only as extras (the desk asks), set by an admin. */
  extraPerDay: z.number().int().min(0).max(MAX_EXTRA_PER_DAY),
  tokenPrefix: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, 'Use up to 3 letters or digits')
    .nullable()
    .optional(),
  /** Where patients go when called ('MRI suite, ground floor'): the 'now being served' message names it. */
  room: lineText().trim().max(60, 'Use at most 60 characters for the room').nullable().optional(),
  active: z.boolean(),
  /**
   * A scan or test sold as a package: the scans and tests it holds, in order. A booking of it is
   * one visit with one token and one price, and each test keeps its own status and report.
   * Empty for a single scan or test; never set on an "other service".
   */
  packageItemIds: z
    .array(z.uuid())
    .max(MAX_PACKAGE_TESTS, 'A package holds at most 30 tests')
    .refine((ids) => new Set(ids).size === ids.length, 'A test is in the package twice'),
});
export const serviceInputSchema = serviceFields.extend({
  availability: serviceFields.shape.availability.default([]),
  capacityPerSlot: serviceFields.shape.capacityPerSlot.default(1),
  extraPerDay: serviceFields.shape.extraPerDay.default(0),
  active: serviceFields.shape.active.default(true),
  packageItemIds: serviceFields.shape.packageItemIds.default([]),
});
export type ServiceInput = z.input<typeof serviceInputSchema>;
/**
 * The kind of a service never changes: a scan does not become an "other service". PATCH changes
 * only the fields sent: no defaults here, or an empty body would reset them.
 */
export const serviceUpdateSchema = serviceFields.omit({ kind: true }).partial();
export type ServiceUpdate = z.input<typeof serviceUpdateSchema>;

export const serviceSchema = z.object({
  id: z.uuid(),
  facilityId: z.uuid().nullable(),
  facilityName: z.string().nullable(),
  kind: serviceKindSchema,
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  pricePaise: z.number().int(),
  sacCode: z.string().nullable(),
  gstRateBp: z.number().int(),
  durationMinutes: z.number().int().nullable(),
  preparation: z.string().nullable(),
  reportTurnaroundHours: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  availability: weeklyAvailabilitySchema,
  capacityPerSlot: z.number().int(),
  extraPerDay: z.number().int(),
  tokenPrefix: z.string().nullable(),
  room: z.string().nullable(),
  active: z.boolean(),
  /** What a package holds, in order (empty unless it is one). */
  packageItems: z.array(z.object({ serviceId: z.uuid(), name: z.string(), kind: serviceKindSchema, active: z.boolean() })),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Service = z.infer<typeof serviceSchema>;

/** `kind` takes one kind or a comma list ("SCAN,TEST"); without it, every kind the caller may see. */
export const serviceListQuerySchema = listQuerySchema(['name', 'category', 'price', 'createdAt'] as const).extend({
  kind: z
    .string()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(serviceKindSchema).min(1))
    .optional(),
  category: lineText().max(60).optional(),
  facilityId: z.uuid().optional(),
  active: queryBooleanSchema.optional(),
});
export type ServiceListQuery = z.input<typeof serviceListQuerySchema>;
