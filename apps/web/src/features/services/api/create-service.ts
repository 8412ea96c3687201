import { serviceSchema, type Service, type ServiceInput } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function createService(input: ServiceInput): Promise<Service> {
  const response = await http.post<unknown>('/services', input);
  return serviceSchema.parse(response.data);
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.services.all }),
  });
}
