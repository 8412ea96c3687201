import { signInResponseSchema, type SignInResponse } from '@caredesk/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { startSession } from '@/lib/session';

/** Public: answers the sign-in response, so the person is signed in as by POST /admin/auth. */
export async function acceptInvitation({ token, password }: { token: string; password: string }): Promise<SignInResponse> {
  const response = await http.post<unknown>(`/invitations/${encodeURIComponent(token)}/accept`, { password }, { skipAuthRefresh: true });
  return signInResponseSchema.parse(response.data);
}

export function useAcceptInvitation(options: { onSuccess?: (response: SignInResponse) => void } = {}) {
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (response) => {
      startSession({ user: response.user, accessToken: response.access_token, refreshToken: response.refresh_token });
      options.onSuccess?.(response);
    },
  });
}
