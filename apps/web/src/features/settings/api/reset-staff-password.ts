import { staffCredentialResultSchema, type Credential, type StaffCredentialResult } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** A new temporary password or a fresh invitation link; the person's sessions end. */
export async function resetStaffPassword({ id, credential }: { id: string; credential: Credential }): Promise<StaffCredentialResult> {
  const response = await http.post<unknown>(`/staff/${encodeURIComponent(id)}/reset-password`, credential);
  return staffCredentialResultSchema.parse(response.data);
}

export function useResetStaffPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetStaffPassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff.all }) });
}
