import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

export interface SendOtpRequest {
  phone: string;
}

/** POST /sms/user texts a 6-digit code to the phone (design.md §4); 429 when asked too often. */
export async function sendOtp(request: SendOtpRequest): Promise<void> {
  await http.post('/sms/user', request, { skipAuthRefresh: true });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
