/** Every address of the app, once (the server serves the app under /p/). */
const base = import.meta.env.BASE_URL;

/** What the booking flow books: a doctor's appointment or a scan/test (the API's collections). */
export type BookingKind = 'doctors' | 'services';

const segment = (value: string) => encodeURIComponent(value);

export const paths = {
  home: { path: base, getHref: () => base },
  signIn: {
    path: `${base}sign-in`,
    /** `next`: where to go once signed in (an address of this app only). */
    getHref: (next?: string) => (next ? `${base}sign-in?next=${encodeURIComponent(next)}` : `${base}sign-in`),
  },
  visits: { path: `${base}visits`, getHref: () => `${base}visits` },
  chats: { path: `${base}chats`, getHref: () => `${base}chats` },
  receipts: { path: `${base}receipts`, getHref: () => `${base}receipts` },
  /** The account's places on waitlists: where a held place's text message links. */
  waitlist: { path: `${base}waitlist`, getHref: () => `${base}waitlist` },
  /** One conversation, or `new` with `?organisation=` for a first message to an organisation. */
  chat: {
    path: `${base}chats/:conversationId`,
    prefix: `${base}chats/`,
    getHref: (conversationId: string) => `${base}chats/${encodeURIComponent(conversationId)}`,
    newHref: (organisationId: string) => `${base}chats/new?organisation=${encodeURIComponent(organisationId)}`,
  },
  /**
   * An organisation's page, /p/{slug}. After the fixed addresses above: a slug never takes their
   * names (the server's RESERVED_SLUGS).
   */
  organisation: { path: `${base}:slug`, getHref: (slug: string) => `${base}${segment(slug)}` },
  /** Booking one doctor or scan/test of that organisation, step by step. */
  book: {
    path: `${base}:slug/book/:kind/:id`,
    getHref: (slug: string, kind: BookingKind, id: string) => `${base}${segment(slug)}/book/${kind}/${segment(id)}`,
  },
} as const;

/** A `next` address from the query string, kept only when it stays inside the app. */
export function safeNext(search: string, fallback: string): string {
  const next = new URLSearchParams(search).get('next');
  return next?.startsWith(base) && !next.startsWith('//') ? next : fallback;
}
