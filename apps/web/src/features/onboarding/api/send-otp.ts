import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

export interface SendOtpRequest {
  phone: string;
}

/** POST /sms/user sends a one-time code to the phone (design.md §4). */
export async function sendOtp(request: SendOtpRequest): Promise<void> {
  await http.post('/sms/user', request, { skipAuthRefresh: true });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
