import { staffCredentialResultSchema, type StaffCreate, type StaffCredentialResult } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function createStaff(input: StaffCreate): Promise<StaffCredentialResult> {
  const response = await http.post<unknown>('/staff', input);
  return staffCredentialResultSchema.parse(response.data);
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createStaff, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff.all }) });
}
