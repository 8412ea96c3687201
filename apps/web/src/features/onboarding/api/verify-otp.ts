import { onboardingLoginResponseSchema } from '@caredesk/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { storeTempAccessToken } from '@/lib/session';

type OnboardingLoginResponse = z.infer<typeof onboardingLoginResponseSchema>;

export interface VerifyOtpRequest {
  phone: string;
  otp: string;
}

/** POST /auth/login: the texted code for the temporary access token that may only finish onboarding. */
export async function verifyOtp(request: VerifyOtpRequest): Promise<OnboardingLoginResponse> {
  // A 401 here is a wrong code, not an expired session: no refresh.
  const response = await http.post<unknown>('/auth/login', request, { skipAuthRefresh: true });
  return onboardingLoginResponseSchema.parse(response.data);
}

export function useVerifyOtp() {
  return useMutation({
    mutationFn: verifyOtp,
    onSuccess: (response) => storeTempAccessToken(response.tempAccessToken),
  });
}
