import type { AppointmentCreate, AppointmentReschedule } from '@caredesk/shared';
import { zodResolver } from '@/lib/zod-resolver';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** What every visit's create schema takes besides whom it is with (bookingCreateSchema is appointmentCreateSchema with serviceId for doctorId). */
type VisitCreateCommon = Omit<AppointmentCreate, 'doctorId'>;

/** A create schema's input: the common fields and the doctor's or the service's id under its own name. */
export type VisitCreateInput<OwnerKey extends string> = VisitCreateCommon & Record<OwnerKey, string>;

/** The booking dialog's form: one shape for both kinds, whoever the visit is with as ownerId. */
export type VisitFormValues = VisitCreateCommon & { ownerId: string };

/** The reschedule dialog's form and request: a new date and slot with the same doctor or service (bookingRescheduleSchema has these fields too). */
export type RescheduleInput = Omit<AppointmentReschedule, 'doctorId'>;

// An empty reason is left out, as the dialogs have always sent it.
const optionalReason = (reason: string | null | undefined) => (reason?.trim() ? { reason: reason.trim() } : {});

/**
 * Validates the dialog's form with the kind's shared create schema (appointmentCreateSchema,
 * bookingCreateSchema), so the console refuses what the server would. The owner's issue shows on
 * the owner field. Raw: the request carries what was chosen and the server applies the defaults.
 */
export function visitFormResolver<OwnerKey extends string>(
  schema: z.ZodType<unknown, VisitCreateInput<NoInfer<OwnerKey>>>,
  ownerKey: OwnerKey,
): Resolver<VisitFormValues, unknown, VisitCreateInput<OwnerKey>> {
  const resolve = zodResolver(schema, undefined, { raw: true });
  return async ({ ownerId, reason, ...common }, context, options) => {
    const owner = { [ownerKey]: ownerId } as Record<OwnerKey, string>;
    const input: VisitCreateInput<OwnerKey> = { ...common, ...owner, ...optionalReason(reason) };
    const result = await resolve(input, context, { ...options, names: undefined });
    if (Object.keys(result.errors).length === 0) return { values: input, errors: {} };
    const { [ownerKey]: ownerError, ...errors } = result.errors as Record<string, FieldErrors[string]>;
    return { values: {}, errors: { ...errors, ...(ownerError ? { ownerId: ownerError } : {}) } as FieldErrors<VisitFormValues> };
  };
}

/**
 * Validates the reschedule dialog with the kind's shared schema (rescheduleSchema,
 * bookingRescheduleSchema), so a reason the server would refuse is refused on its field. Raw, as
 * above: the request is what was chosen.
 */
export function rescheduleFormResolver(schema: z.ZodType<unknown, RescheduleInput>): Resolver<RescheduleInput, unknown, RescheduleInput> {
  const resolve = zodResolver(schema, undefined, { raw: true });
  return ({ reason, ...moved }, context, options) => resolve({ ...moved, ...optionalReason(reason) }, context, options);
}
