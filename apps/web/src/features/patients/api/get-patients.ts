import { paginatedSchema, patientSummarySchema } from '@caredesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

const patientPageSchema = paginatedSchema(patientSummarySchema);
export type PatientPage = z.infer<typeof patientPageSchema>;

/** search, page, pageSize, sort, order, gender, ageBand: as in the list's URL. */
export type PatientListParams = Record<string, string | number>;

export async function getPatients(params: PatientListParams, signal?: AbortSignal): Promise<PatientPage> {
  const response = await http.get<unknown>('/patients', { params, signal });
  return patientPageSchema.parse(response.data);
}

export const patientsQueryOptions = (params: PatientListParams) =>
  queryOptions({
    queryKey: queryKeys.patients.list(params),
    queryFn: ({ signal }) => getPatients(params, signal),
    // The grid keeps the rows it has while the next page loads (it dims them).
    placeholderData: keepPreviousData,
  });

export function usePatients(params: PatientListParams) {
  return useQuery(patientsQueryOptions(params));
}
