/**
 * SPEC.md §8's messaging errors, mapped onto the standard Push API. Every push failure ends as
 * one console line naming its code; none reaches the user or breaks the page.
 */
export const pushErrorMessages = {
  'missing-app-config-values': 'Missing configuration value: the server has no public push key (GET /api/fcm/config), so push is off.',
  'only-available-in-window': 'Push can only be set up in a window context.',
  'permission-blocked': 'The notification permission was not granted (blocked); no push subscription is made.',
  'unsupported-browser': 'This browser does not support the APIs push needs (service worker, Push API, notifications, fetch).',
  'indexed-db-unsupported': 'This browser does not support IndexedDB, which push needs.',
  'failed-service-worker-registration': 'The push service worker could not be registered.',
  'token-subscribe-failed': 'Subscribing to push failed.',
  'token-update-failed': 'Refreshing the push subscription failed.',
  'token-unsubscribe-failed': 'Unsubscribing from push failed.',
  'token-subscribe-no-token': 'Subscribing to push returned no subscription endpoint.',
  'token-update-no-token': 'Refreshing the push subscription returned no subscription endpoint.',
} as const;

export type PushErrorCode = keyof typeof pushErrorMessages;

/** Expected states of a browser or a user's choice: said as info, not as a warning. */
const quietCodes: ReadonlySet<PushErrorCode> = new Set(['permission-blocked', 'unsupported-browser', 'indexed-db-unsupported', 'only-available-in-window']);

export class PushError extends Error {
  constructor(
    readonly code: PushErrorCode,
    override readonly cause?: unknown,
  ) {
    super(`messaging/${code}: ${pushErrorMessages[code]}`);
    this.name = 'PushError';
  }
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return `${cause.name}: ${cause.message}`;
  return String(cause);
}

/** One clear line per failure: '[push] messaging/token-subscribe-failed: … (AbortError: …)'. */
export function logPushError(error: unknown, fallback: PushErrorCode = 'token-subscribe-failed'): void {
  const pushError = error instanceof PushError ? error : new PushError(fallback, error);
  const line = `[push] ${pushError.message}${pushError.cause === undefined ? '' : ` (${describe(pushError.cause)})`}`;
  if (quietCodes.has(pushError.code)) console.info(line);
  else console.warn(line);
}
