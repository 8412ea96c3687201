import { doctorSchema, type Doctor, type DoctorUpdate } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { doctorQueryOptions } from './get-doctor';
import { queryKeys } from '@/lib/query-keys';

export async function updateDoctor({ id, changes }: { id: string; changes: DoctorUpdate }): Promise<Doctor> {
  const response = await http.patch<unknown>(`/doctors/${encodeURIComponent(id)}`, changes);
  return doctorSchema.parse(response.data);
}

export function useUpdateDoctor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDoctor,
    onSuccess: async (doctor) => {
      queryClient.setQueryData(doctorQueryOptions(doctor.id).queryKey, doctor);
      await queryClient.invalidateQueries({ queryKey: queryKeys.doctors.all });
    },
  });
}
