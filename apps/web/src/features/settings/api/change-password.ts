import type { PasswordChange } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { accountQueryOptions } from './get-account';
import { accountSessionsQueryOptions } from './get-account-sessions';

/** A wrong current password is a 400 naming currentPassword, not a 401: no token refresh. */
export async function changePassword(input: PasswordChange): Promise<void> {
  await http.post('/account/password', input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: accountSessionsQueryOptions().queryKey });
    },
  });
}
