import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { serviceQueryOptions } from './get-service';
import { servicesKey } from './get-services';

/** 409 when the service has bookings: deactivate it instead. */
export async function deleteService(id: string): Promise<void> {
  await http.delete(`/services/${encodeURIComponent(id)}`);
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: serviceQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: servicesKey });
    },
  });
}
