import { accountSchema, sessionUserSchema, type Account, type AccountUpdate } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { storeUser } from '@/lib/session';
import { accountQueryOptions } from './get-account';

export async function updateAccount(changes: AccountUpdate): Promise<Account> {
  const response = await http.patch<unknown>('/account', changes);
  return accountSchema.parse(response.data);
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: async (saved) => {
      queryClient.setQueryData(accountQueryOptions().queryKey, saved);
      // The header's avatar and the account menu read the stored session user.
      const me = await http.get<unknown>('/me');
      storeUser(sessionUserSchema.parse(me.data));
    },
  });
}
