import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { doctorQueryOptions } from './get-doctor';
import { doctorsKey } from './get-doctors';

/** 409 'Has appointments: deactivate instead' when the doctor has appointments. */
export async function deleteDoctor(id: string): Promise<void> {
  await http.delete(`/doctors/${encodeURIComponent(id)}`);
}

export function useDeleteDoctor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDoctor,
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: doctorQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: doctorsKey });
    },
  });
}
