import { z } from 'zod';
import { t } from './i18n';

/**
 * Form inputs hold text; the API wants null for "not given" and numbers for numbers. These wrap
 * a shared schema so a form schema stays derived from it.
 */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** '' becomes null before the shared (nullable) schema sees it. */
export function optionalText<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToNull, schema);
}

/** '' becomes null, digits become a number, before the shared (nullable) number schema. */
export function optionalNumber<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    const blank = blankToNull(value);
    return typeof blank === 'string' ? Number(blank) : blank;
  }, schema);
}

/** A required number typed as text: '' gets `message` (a function: read when validating, in that moment's language), digits become a number. */
export function requiredNumber<T extends z.ZodType>(schema: T, message: string | (() => string)) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
    z
      .unknown()
      .refine((value) => value !== undefined && !Number.isNaN(value), { error: message })
      .pipe(schema),
  );
}

/** A rupee amount typed as text (up to 2 decimals), e.g. a fee or a price; its messages are read when it validates. */
export const rupeesField = requiredNumber(
  z
    .number()
    .min(0, { error: () => t('records.amount.min') })
    .max(1_000_000, { error: () => t('records.amount.max') })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { error: () => t('records.amount.decimals') }),
  () => t('records.amount.required'),
);

/** Paise from the API as the text of a rupee input ('450' or '450.50'). */
export function paiseToRupeesText(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

/** A nullable API value as the text of an input. */
export function textOf(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
