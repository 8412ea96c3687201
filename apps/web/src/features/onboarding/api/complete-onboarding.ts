import { signInResponseSchema, type OnboardingComplete, type SignInResponse } from '@caredesk/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { startSession } from '@/lib/session';

/**
 * POST /onboarding with the temporary token (the client sends it while no access token exists):
 * the organisation and its first admin, answered as a sign-in.
 */
export async function completeOnboarding(input: OnboardingComplete): Promise<SignInResponse> {
  // A 401 means the verification expired or was used: there is no session to refresh.
  const response = await http.post<unknown>('/onboarding', input, { skipAuthRefresh: true });
  return signInResponseSchema.parse(response.data);
}

/** Signs the new admin in exactly as sign-in does (startSession also drops the temporary token). */
export function useCompleteOnboarding() {
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: (response) => startSession({ user: response.user, accessToken: response.access_token, refreshToken: response.refresh_token }),
  });
}
