import { facilitySchema, type Facility, type FacilityInput } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function createFacility(input: FacilityInput): Promise<Facility> {
  const response = await http.post<unknown>('/facilities', input);
  return facilitySchema.parse(response.data);
}

export function useCreateFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFacility,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.facilities.all }),
  });
}
