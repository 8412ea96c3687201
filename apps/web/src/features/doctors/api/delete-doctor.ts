import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** 409 'Has appointments: deactivate instead' when the doctor has appointments. */
export async function deleteDoctor(id: string): Promise<void> {
  await http.delete(`/doctors/${encodeURIComponent(id)}`);
}

export function useDeleteDoctor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDoctor,
    // Only the lists: the open record page would refetch its (deleted) record and flash a 404
    // before it navigates away.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.doctors.lists }),
  });
}
