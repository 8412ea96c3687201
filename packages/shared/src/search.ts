import { z } from 'zod';
import { lineText } from './text.js';

export const searchQuerySchema = z.object({ q: lineText().trim().min(2).max(100), limit: z.coerce.number().int().min(1).max(20).default(8) });
export const searchResultSchema = z.object({
  kind: z.enum(['patient', 'doctor', 'service']),
  id: z.uuid(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** Console path that opens the record. */
  path: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = z.object({ data: z.array(searchResultSchema) });
