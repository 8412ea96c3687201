import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** 409 while doctors or services still use it, and for the organisation's last facility. */
export async function deleteFacility(id: string): Promise<void> {
  await http.delete(`/facilities/${encodeURIComponent(id)}`);
}

export function useDeleteFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFacility,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.facilities.all }),
  });
}
