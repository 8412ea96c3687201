import { signedUrlSchema } from '@caredesk/shared';
import { env } from '@/config/env';
import { http } from '@/lib/http';

/** A short-lived link to a private upload; the server answers with a path under its own origin. */
export async function getSignedUrl(uploadId: string): Promise<string> {
  const response = await http.get<unknown>(`/uploads/${encodeURIComponent(uploadId)}/signed-url`);
  const { url } = signedUrlSchema.parse(response.data);
  return new URL(url, new URL(env.apiBase, window.location.origin)).toString();
}

/**
 * Opens a private upload (a report, an attachment) in a new tab. The tab is opened at the click,
 * before the link is fetched, so a popup blocker lets it through; it is pointed at the signed link
 * once that arrives (or closed when the link cannot be had), and cannot reach back into the console.
 */
export async function openSignedUpload(uploadId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await getSignedUrl(uploadId);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
