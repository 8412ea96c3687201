import { patientSchema, type Patient, type PatientInput } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/patients: the patient form and the booking dialogs' quick add. */
export async function createPatient(input: PatientInput): Promise<Patient> {
  const response = await http.post<unknown>('/patients', input);
  return patientSchema.parse(response.data);
}

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.patients.all }),
  });
}
