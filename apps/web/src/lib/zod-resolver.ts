import { zodResolver as hookformZodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, ResolverOptions } from 'react-hook-form';
import { sharedText } from '@/i18n/shared-text';

type Resolve = (values: FieldValues, context: unknown, options: ResolverOptions<FieldValues>) => Promise<{ values: unknown; errors: FieldErrors }>;

/** Every error message of a resolver's answer through sharedText; field refs (DOM elements) are left alone. */
function worded<T>(errors: T): T {
  if (typeof errors !== 'object' || errors === null) return errors;
  if (Array.isArray(errors)) return errors.map(worded) as T;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    result[key] = key === 'ref' ? value : key === 'message' && typeof value === 'string' ? sharedText(value) : worded(value);
  }
  return result as T;
}

/**
 * @hookform/resolvers' zodResolver, whose field errors read in the console's language: a shared
 * schema writes its texts in English ('Enter the patient’s name'), and each is worded from the
 * shared catalogue when it is found there. Forms use this one, so that none shows a schema's
 * English to someone working in Hindi, Kannada or Tamil.
 */
export const zodResolver = ((...args: Parameters<typeof hookformZodResolver>) => {
  const resolve = (hookformZodResolver as (...args: Parameters<typeof hookformZodResolver>) => Resolve)(...args);
  const wordedResolve: Resolve = async (values, context, options) => {
    const result = await resolve(values, context, options);
    return { ...result, errors: worded(result.errors) };
  };
  return wordedResolve;
}) as typeof hookformZodResolver;
