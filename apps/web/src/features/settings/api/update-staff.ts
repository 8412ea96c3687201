import { staffMemberSchema, type StaffMember, type StaffUpdate } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function updateStaff({ id, changes }: { id: string; changes: StaffUpdate }): Promise<StaffMember> {
  const response = await http.patch<unknown>(`/staff/${encodeURIComponent(id)}`, changes);
  return staffMemberSchema.parse(response.data);
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateStaff, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff.all }) });
}
