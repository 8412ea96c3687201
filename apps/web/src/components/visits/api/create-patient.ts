import { patientSchema, type Patient, type PatientInput } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Quick add from a booking dialog: name, phone, gender, date of birth (optional). */
export async function createPatient(input: PatientInput): Promise<Patient> {
  const response = await http.post<unknown>('/patients', input);
  return patientSchema.parse(response.data);
}

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['patients'] }),
  });
}
