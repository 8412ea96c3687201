import { http } from '@/lib/http';

/** The file name of a Content-Disposition header, if it names one. */
function fileNameOf(disposition: unknown, fallback: string): string {
  if (typeof disposition !== 'string') return fallback;
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Downloads a CSV export through the authenticated client (a plain link would carry no bearer
 * token) and saves it with a temporary object URL and an <a download>.
 */
export async function downloadCsv(url: string, params: Record<string, string | number>, fallbackName: string): Promise<void> {
  const response = await http.get<Blob>(url, { params, responseType: 'blob', headers: { Accept: 'text/csv' } });
  const blob = response.data instanceof Blob ? response.data : new Blob([String(response.data)], { type: 'text/csv' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response.headers['content-disposition'], fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke on the next tick: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
