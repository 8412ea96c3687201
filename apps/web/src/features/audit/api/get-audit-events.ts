import { auditEventSchema, paginatedSchema } from '@caredesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

const auditEventPageSchema = paginatedSchema(auditEventSchema);
export type AuditEventPage = z.infer<typeof auditEventPageSchema>;

/** staffId, action, entity, from, to, sort, order, page, pageSize: as in the page's URL. */
export type AuditEventParams = Record<string, string | number>;

export async function getAuditEvents(params: AuditEventParams, signal?: AbortSignal): Promise<AuditEventPage> {
  const response = await http.get<unknown>('/audit', { params, signal });
  return auditEventPageSchema.parse(response.data);
}

export const auditEventsQueryOptions = (params: AuditEventParams) =>
  queryOptions({
    queryKey: queryKeys.audit.events(params),
    queryFn: ({ signal }) => getAuditEvents(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditEvents(params: AuditEventParams) {
  return useQuery(auditEventsQueryOptions(params));
}
