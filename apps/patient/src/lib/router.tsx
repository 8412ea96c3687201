import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * A router of a few lines: the app has a handful of flat routes, and react-router would cost
 * more of the first page's budget than the whole app. History API, one store, one link.
 */
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.scrollTo(0, 0);
  notify();
}

/**
 * The values of a pattern's `:name` segments in a path ('/p/:slug' on '/p/lotus' → {slug:
 * 'lotus'}), or null when the path has other segments. A trailing slash is the same path.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment !== value) return null;
  }
  return params;
}

const locationKey = () => `${window.location.pathname}${window.location.search}`;

/** The current path and query, re-rendering on every navigation. */
export function useLocation(): { pathname: string; search: string } {
  const key = useSyncExternalStore(subscribe, locationKey, locationKey);
  const at = key.indexOf('?');
  return at === -1 ? { pathname: key, search: '' } : { pathname: key.slice(0, at), search: key.slice(at) };
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** An ordinary link (open in a new tab works) that navigates in place on a plain click. */
export function Link({ to, onClick, ...props }: LinkProps) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || props.target) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={handle} {...props} />;
}
