const KEY = 'caredesk.patient.embed';

/**
 * Whether the app runs inside a hospital's own website (the console's embed snippet opens
 * /p/{slug}?embed=1 in an iframe). Remembered for the tab, so the flow's later pages, which drop
 * the query, keep the embedded frame.
 */
export function isEmbedded(): boolean {
  try {
    if (new URLSearchParams(window.location.search).get('embed') === '1') sessionStorage.setItem(KEY, '1');
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    // Storage refused in a third-party frame: the query alone decides.
    return new URLSearchParams(window.location.search).get('embed') === '1';
  }
}

/** The same page outside the frame: what 'Open in a new tab' opens. */
export function fullPageHref(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('embed');
  return url.toString();
}
