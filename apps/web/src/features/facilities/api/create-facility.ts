import { facilitySchema, type Facility, type FacilityInput } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { facilitiesQueryOptions } from '@/components/use-facilities';
import { http } from '@/lib/http';

export async function createFacility(input: FacilityInput): Promise<Facility> {
  const response = await http.post<unknown>('/facilities', input);
  return facilitySchema.parse(response.data);
}

export function useCreateFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFacility,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: facilitiesQueryOptions().queryKey }),
  });
}
