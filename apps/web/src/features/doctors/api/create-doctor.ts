import { doctorSchema, type Doctor, type DoctorInput } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function createDoctor(input: DoctorInput): Promise<Doctor> {
  const response = await http.post<unknown>('/doctors', input);
  return doctorSchema.parse(response.data);
}

export function useCreateDoctor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDoctor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.doctors.all }),
  });
}
