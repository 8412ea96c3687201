// Queue pushes ('you are next', 'it's your turn') as the service worker shows and opens them.
// Plain functions of what they are handed, so tests call them without a worker around them.

/** What the server sends (packages/shared PatientPushPayload), as far as the worker reads it. */
interface Payload {
  title: string;
  body: string;
  icon: string;
  tag: string;
  url: string;
}

/** A push that cannot be read still shows something: a push must always show a notification. */
const FALLBACK_TITLE = 'CareDesk';

function payloadOf(data: { json(): unknown } | null, scope: URL): Payload {
  const visits = new URL('visits', scope).pathname;
  const fallback: Payload = { title: FALLBACK_TITLE, body: '', icon: new URL('icons/icon-192.png', scope).pathname, tag: 'caredesk', url: visits };
  let raw: unknown;
  try {
    raw = data?.json();
  } catch {
    return fallback;
  }
  if (typeof raw !== 'object' || raw === null) return fallback;
  const record = raw as Record<string, unknown>;
  const text = (key: keyof Payload) => (typeof record[key] === 'string' ? (record[key] as string) : fallback[key]);
  return { title: text('title'), body: text('body'), icon: text('icon'), tag: text('tag'), url: text('url') };
}

/** Only pages of the app itself: a push can never send the patient elsewhere. */
function inScope(url: string, scope: URL): string {
  const target = new URL(url, scope);
  return target.origin === scope.origin && target.pathname.startsWith(scope.pathname) ? target.href : new URL('visits', scope).href;
}

/**
 * `push`: shows the payload's title and body. The tag is per visit, so 'it's your turn' replaces
 * 'you are next' on the screen, and renotify makes the replacement ring again.
 */
export function showPush(registration: Pick<ServiceWorkerRegistration, 'showNotification'>, data: { json(): unknown } | null, scope: URL): Promise<void> {
  const payload = payloadOf(data, scope);
  const options: NotificationOptions & { renotify: boolean } = {
    body: payload.body,
    icon: payload.icon,
    tag: payload.tag,
    renotify: true,
    data: { url: inScope(payload.url, scope) },
  };
  return registration.showNotification(payload.title, options);
}

interface WindowLike {
  url: string;
  focus(): Promise<unknown>;
}

interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>;
  openWindow(url: string): Promise<unknown>;
}

/** `notificationclick`: back to the app, in the window already open if there is one, else its visits. */
export async function openFromNotification(clients: ClientsLike, notification: Pick<Notification, 'close' | 'data'>, scope: URL): Promise<void> {
  notification.close();
  const data: unknown = notification.data;
  const url = typeof data === 'object' && data !== null && typeof (data as { url?: unknown }).url === 'string' ? (data as { url: string }).url : 'visits';
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => {
    const at = new URL(client.url);
    return at.origin === scope.origin && at.pathname.startsWith(scope.pathname);
  });
  if (open) await open.focus();
  else await clients.openWindow(inScope(url, scope));
}
