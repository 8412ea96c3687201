import { paginatedSchema, patientSummarySchema, type PatientSummary } from '@caredesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

const patientPageSchema = paginatedSchema(patientSummarySchema);

/** The first 10 patients whose name or phone matches (the booking dialogs' patient search). */
export async function findPatients(search: string, signal?: AbortSignal): Promise<PatientSummary[]> {
  const response = await http.get<unknown>('/patients', { params: { search, pageSize: 10 }, signal });
  return patientPageSchema.parse(response.data).data;
}

export const findPatientsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: queryKeys.patients.list({ search, pageSize: 10 }),
    queryFn: ({ signal }) => findPatients(search, signal),
    placeholderData: keepPreviousData,
  });

export function useFindPatients(search: string) {
  return useQuery({ ...findPatientsQueryOptions(search), enabled: search.trim().length > 0 });
}
