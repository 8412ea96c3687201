/**
 * Installs the app's service worker (built to /p/sw.js, sw/service-worker.ts) with scope /p/,
 * after the page has loaded so it never competes with the first page for a weak connection.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const base = import.meta.env.BASE_URL;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch(() => {
      // No worker (private mode, an old browser): the app works the same, only not offline.
    });
  });
}
