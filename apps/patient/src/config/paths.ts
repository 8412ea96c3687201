/** Every address of the app, once (the server serves the app under /p/). */
const base = import.meta.env.BASE_URL;

export const paths = {
  home: { path: base, getHref: () => base },
  signIn: {
    path: `${base}sign-in`,
    /** `next`: where to go once signed in (an address of this app only). */
    getHref: (next?: string) => (next ? `${base}sign-in?next=${encodeURIComponent(next)}` : `${base}sign-in`),
  },
  visits: { path: `${base}visits`, getHref: () => `${base}visits` },
} as const;

/** A `next` address from the query string, kept only when it stays inside the app. */
export function safeNext(search: string, fallback: string): string {
  const next = new URLSearchParams(search).get('next');
  return next?.startsWith(base) && !next.startsWith('//') ? next : fallback;
}
