import { signInResponseSchema, type SignInRequest, type SignInResponse } from '@caredesk/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { startSession } from '@/lib/session';

export async function signIn(credentials: SignInRequest): Promise<SignInResponse> {
  // A 401 here is a wrong password, not an expired session: no refresh.
  const response = await http.post<unknown>('/admin/auth', credentials, { skipAuthRefresh: true });
  return signInResponseSchema.parse(response.data);
}

export function useSignIn(options: { onSuccess?: (response: SignInResponse) => void } = {}) {
  return useMutation({
    mutationFn: signIn,
    onSuccess: (response) => {
      startSession({ user: response.user, accessToken: response.access_token, refreshToken: response.refresh_token });
      options.onSuccess?.(response);
    },
  });
}
