import { walletRechargeResponseSchema, type PaymentVerify, type WalletRechargeResponse } from '@caredesk/shared';
import { http } from '@/lib/http';

/** POST /wallet/recharge: the server checks the payment's signature and credits the order's amount. */
export async function verifyWalletRecharge(payment: PaymentVerify): Promise<WalletRechargeResponse> {
  const response = await http.post<unknown>('/wallet/recharge', payment);
  return walletRechargeResponseSchema.parse(response.data);
}
