import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { accountSessionsQueryOptions } from './get-account-sessions';

export async function endAccountSession(id: string): Promise<void> {
  await http.delete(`/account/sessions/${encodeURIComponent(id)}`);
}

export function useEndAccountSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endAccountSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryOptions().queryKey }),
  });
}
