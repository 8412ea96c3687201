import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientQueryOptions } from '@/components/visits/api/get-patient';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** 409 when the patient has appointments or bookings: their history must stay. */
export async function deletePatient(id: string): Promise<void> {
  await http.delete(`/patients/${encodeURIComponent(id)}`);
}

export function useDeletePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePatient,
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: patientQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: queryKeys.patients.all });
    },
  });
}
