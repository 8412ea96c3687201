import type { MessageId, MessageValues } from '@/i18n/use-t';
import { ApiError, NETWORK_ERROR } from '@/lib/http';

type T = (id: MessageId, values?: MessageValues) => string;

/**
 * What went wrong with a send or an upload, in the patient's language: the server's checks
 * (type, size, rate) have texts of ours; anything else says so plainly.
 */
export function sendErrorText(t: T, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  switch (error.status) {
    case NETWORK_ERROR:
      return t('errors.network');
    case 413:
      return t('chats.attach.tooLargeServer');
    case 415:
      return t('chats.attach.wrongType');
    case 429:
      return t('chats.tooMany', { seconds: error.retryAfterSeconds ?? 60 });
    default:
      return t('errors.generic');
  }
}
