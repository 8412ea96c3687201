/**
 * Indian mobile numbers as the patient types them: '98765 43210', '098765-43210' or
 * '+91 98765 43210' all mean +919876543210. The server checks again (the shared phone schema).
 */
export function nationalDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/** Ten digits, starting 6–9: every Indian mobile number. */
export function isIndianMobile(digits: string): boolean {
  return /^[6-9]\d{9}$/.test(digits);
}

export function toE164(digits: string): string {
  return `+91${digits}`;
}

/** +919876543210 → '+91 98765 43210' */
export function formatPhone(e164: string): string {
  const match = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return match ? `+91 ${match[1]} ${match[2]}` : e164;
}
