import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacSha256Hex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/**
 * Compares a signature the client sent with the one we computed in constant time, so response
 * timing never tells an attacker how many leading characters were right. Unequal lengths (or a
 * signature that is not hex) fail without comparing.
 */
export function signatureMatches(expectedHex: string, given: string): boolean {
  if (!/^[0-9a-f]+$/i.test(given)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const actual = Buffer.from(given.toLowerCase(), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Razorpay's checkout signature: HMAC-SHA256(order_id + "|" + payment_id) with the key secret, hex. */
export function checkoutSignature(secret: string, orderId: string, paymentId: string): string {
  return hmacSha256Hex(secret, `${orderId}|${paymentId}`);
}

export function checkoutSignatureMatches(secret: string, orderId: string, paymentId: string, signature: string): boolean {
  return signatureMatches(checkoutSignature(secret, orderId, paymentId), signature);
}
