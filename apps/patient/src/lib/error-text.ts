import { fieldError } from '@/i18n/field-error';
import type { MessageId } from '@/i18n/use-t';
import { ApiError, NETWORK_ERROR } from './http';

/**
 * What to show for a failed request: the server's own words for the field when it names it, else
 * its message, else ours (no connection, or an answer without a message).
 */
export function errorText(error: unknown, field: string, t: (id: MessageId) => string): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR) return t('errors.network');
    const issue = error.issueFor(field);
    return issue === null ? error.message || t('errors.generic') : fieldError(issue);
  }
  return t('errors.generic');
}
