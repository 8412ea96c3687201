import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** 409 when the service has bookings: deactivate it instead. */
export async function deleteService(id: string): Promise<void> {
  await http.delete(`/services/${encodeURIComponent(id)}`);
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    // Only the lists: the open record page would refetch its (deleted) record and flash a 404
    // before it navigates away.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.services.lists }),
  });
}
