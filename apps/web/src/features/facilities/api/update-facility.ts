import { facilitySchema, type Facility, type FacilityInput } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { facilitiesQueryOptions } from '@/components/use-facilities';
import { http } from '@/lib/http';

export async function updateFacility({ id, input }: { id: string; input: FacilityInput }): Promise<Facility> {
  const response = await http.patch<unknown>(`/facilities/${encodeURIComponent(id)}`, input);
  return facilitySchema.parse(response.data);
}

export function useUpdateFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFacility,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: facilitiesQueryOptions().queryKey }),
  });
}
