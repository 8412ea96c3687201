import type { PublicOrganisation } from '@caredesk/shared';
import { api } from './http';

/** As long as the server lets the page be cached (Cache-Control: max-age=60). */
const KEEP_MS = 60_000;

/**
 * Pages read in the last minute, by the slug asked for: the organisation page and the booking
 * flow it leads to share one request.
 */
const pages = new Map<string, { page: PublicOrganisation; at: number }>();

/**
 * GET /api/public/organisations/{slug} (no sign-in). A former slug answers 308 to the current
 * one, which fetch follows: the page's own `slug` then differs from the one asked for.
 */
export async function getPublicOrganisation(slug: string, signal?: AbortSignal): Promise<PublicOrganisation> {
  const known = pages.get(slug);
  if (known && Date.now() - known.at < KEEP_MS) return known.page;
  const page = await api<PublicOrganisation>(`/public/organisations/${encodeURIComponent(slug)}`, signal ? { signal } : {});
  const entry = { page, at: Date.now() };
  pages.set(slug, entry);
  pages.set(page.slug, entry);
  return page;
}

/** After a booking (its next free slot has moved on), and between tests. */
export function forgetPublicOrganisations(): void {
  pages.clear();
}
