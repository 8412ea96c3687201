import { z } from 'zod';

export const idSchema = z.uuid();
export const idParamsSchema = z.object({ id: idSchema });

/** Every error reply of the API has this shape (design.md §6). */
export const errorIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  issues: z.array(errorIssueSchema).optional(),
});
export type ErrorIssue = z.infer<typeof errorIssueSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

export function paginatedSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
/** A list answer of T (the patient app types answers without parsing them). */
export type Paginated<T> = Omit<z.infer<ReturnType<typeof paginatedSchema>>, 'data'> & { data: T[] };

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

export const EMPTY_PATCH_MESSAGE = 'Send at least one field to change';

/**
 * A PATCH body (only the fields sent change) must send at least one known field: an empty or
 * unknown-only body used to reach an UPDATE with nothing to set (a 500). The issue names the body.
 */
export function atLeastOneField<T extends z.ZodObject>(schema: T): T {
  return schema.refine((value: Record<string, unknown>) => Object.values(value).some((field) => field !== undefined), { message: EMPTY_PATCH_MESSAGE });
}
