import { patientSchema, type Patient, type PatientUpdate } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientQueryOptions } from '@/components/visits/api/get-patient';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function updatePatient({ id, input }: { id: string; input: PatientUpdate }): Promise<Patient> {
  const response = await http.patch<unknown>(`/patients/${encodeURIComponent(id)}`, input);
  return patientSchema.parse(response.data);
}

export function useUpdatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePatient,
    onSuccess: async (patient) => {
      queryClient.setQueryData(patientQueryOptions(patient.id).queryKey, patient);
      await queryClient.invalidateQueries({ queryKey: queryKeys.patients.all });
    },
  });
}
