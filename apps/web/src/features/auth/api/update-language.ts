import { accountSchema, sessionUserSchema, type Language } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';
import { storeUser } from '@/lib/session';

/** Keeps the console's language on the account (PATCH /api/account), so it follows the person to another browser. */
export async function updateLanguage(language: Language): Promise<void> {
  accountSchema.parse((await http.patch<unknown>('/account', { language })).data);
  // The stored session user carries the language every page and the next start read.
  storeUser(sessionUserSchema.parse((await http.get<unknown>('/me')).data));
}

export function useUpdateLanguage(options: { onError?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.me }), queryClient.invalidateQueries({ queryKey: queryKeys.account.all })]),
    onError: options.onError,
  });
}
