import { paths } from '@/config/paths';
import { t } from '../i18n';

/** The iframe's fixed height: the booking page's form fits without a scroll bar inside the frame on a phone. */
export const EMBED_HEIGHT = 720;

/** Text placed inside an HTML attribute: a name like 'Lotus Diagnostics & Imaging' or one with quotes stays one attribute. */
function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The patient app's page of an organisation, as the patient's browser reaches it. */
export function publicPageUrl(origin: string, slug: string): string {
  return `${origin}${paths.publicPage(slug)}`;
}

/**
 * The HTML a hospital pastes into its own web site to show its booking page there. `?embed=1`
 * asks the patient app for its framed layout; the server lets any site frame /p/ pages (and no
 * console page).
 */
export function embedSnippet({ origin, slug, name }: { origin: string; slug: string; name: string }): string {
  const src = `${publicPageUrl(origin, slug)}?embed=1`;
  return `<iframe src="${attribute(src)}" title="${attribute(t('settings.booking.embedTitle', { name }))}" width="100%" height="${EMBED_HEIGHT}" style="border:0" loading="lazy"></iframe>`;
}
