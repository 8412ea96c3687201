import { facilitySchema, type Facility, type FacilityInput } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function updateFacility({ id, input }: { id: string; input: FacilityInput }): Promise<Facility> {
  const response = await http.patch<unknown>(`/facilities/${encodeURIComponent(id)}`, input);
  return facilitySchema.parse(response.data);
}

export function useUpdateFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFacility,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.facilities.all }),
  });
}
