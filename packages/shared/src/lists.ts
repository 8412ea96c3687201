import { z } from 'zod';
import { lineText } from './text.js';

export const sortOrderSchema = z.enum(['asc', 'desc']);

/** A boolean in a query string: 'true' / 'false'. */
export const queryBooleanSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Search, paging and sorting every list of records accepts. */
export function listQuerySchema<const Sort extends readonly [string, ...string[]]>(sortFields: Sort) {
  return z.object({
    search: lineText().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(25),
    sort: z.enum(sortFields).default(sortFields[0]),
    order: sortOrderSchema.default('asc'),
  });
}

/** Rupees typed in a form become integer paise in the API (design.md §5). */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export const paiseSchema = z.number().int().min(0).max(100_000_000);
