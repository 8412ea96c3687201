import { z } from 'zod';

/**
 * Indian mobile and landline numbers, stored as E.164 (+91…). A 10-digit number gets +91;
 * spaces, dashes and a leading 0 are dropped.
 */
export const phoneSchema = z
  .string()
  .trim()
  .transform((raw) => {
    const digits = raw.replace(/[^\d+]/g, '');
    if (digits.startsWith('+')) return digits;
    const national = digits.replace(/^0+/, '');
    if (national.length === 10) return `+91${national}`;
    if (national.length === 12 && national.startsWith('91')) return `+${national}`;
    return digits;
  })
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, 'Enter a valid phone number, e.g. +91 98765 43210'));

export const optionalEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid e-mail address' }))
  .nullable()
  .optional();

export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** Lower-case, accents removed: the key names are searched by, so 'José' matches 'jose'. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
