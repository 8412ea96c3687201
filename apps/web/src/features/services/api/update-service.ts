import { serviceSchema, type Service, type ServiceUpdate } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { serviceQueryOptions } from './get-service';
import { queryKeys } from '@/lib/query-keys';

/** The kind cannot change: ServiceUpdate has no `kind`. */
export async function updateService({ id, changes }: { id: string; changes: ServiceUpdate }): Promise<Service> {
  const response = await http.patch<unknown>(`/services/${encodeURIComponent(id)}`, changes);
  return serviceSchema.parse(response.data);
}

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    onSuccess: async (service) => {
      queryClient.setQueryData(serviceQueryOptions(service.id).queryKey, service);
      await queryClient.invalidateQueries({ queryKey: queryKeys.services.all });
    },
  });
}
