import { createContext } from 'react';
import { parsePath, type To, type UNSAFE_createBrowserHistory } from 'react-router';

/** The browser's history in the app, a memory one in tests. */
export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

/** A page that may hold navigation back (a form with unsaved changes). */
export interface NavigationGuard {
  /** Whether going to this path needs asking first. */
  blocks: (nextPathname: string) => boolean;
  /** Asks the person; `proceed` completes the navigation that was held back. */
  ask: (proceed: () => void) => void;
}

export type SetNavigationGuard = (guard: NavigationGuard) => () => void;

export interface GuardedHistory extends AppHistory {
  /** Makes `guard` the active one (one form page at a time); returns a function that removes it. */
  setGuard: SetNavigationGuard;
}

/**
 * The declarative router has no `useBlocker`, so the history it navigates with asks the active
 * guard instead: links, navigate() and redirects call push/replace here; back and forward arrive
 * as a pop, which is undone at once (the router never sees it) and redone if the person agrees.
 */
export function guardHistory(history: AppHistory): GuardedHistory {
  let guard: NavigationGuard | undefined;
  // The pop that the guard itself caused next: undoing a held back/forward, or redoing it.
  let ownPop: 'undo' | 'redo' | undefined;

  const guardFor = (to: To) => {
    const pathname = (typeof to === 'string' ? parsePath(to).pathname : to.pathname) ?? history.location.pathname;
    return guard?.blocks(pathname) ? guard : undefined;
  };

  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push(to, state?: unknown) {
      const held = guardFor(to);
      if (held) held.ask(() => history.push(to, state));
      else history.push(to, state);
    },
    replace(to, state?: unknown) {
      const held = guardFor(to);
      if (held) held.ask(() => history.replace(to, state));
      else history.replace(to, state);
    },
    listen(listener) {
      return history.listen((update) => {
        const own = ownPop;
        ownPop = undefined;
        if (own === 'undo') return;
        // A pop from outside the app's entries has no index to undo it by; it goes through.
        const held = own !== 'redo' && update.action === 'POP' && update.delta ? guardFor(update.location) : undefined;
        if (!held || !update.delta) return listener(update);
        const delta = update.delta;
        ownPop = 'undo';
        history.go(-delta);
        held.ask(() => {
          ownPop = 'redo';
          history.go(delta);
        });
      });
    },
    setGuard(next) {
      guard = next;
      return () => {
        if (guard === next) guard = undefined;
      };
    },
  };
}

/** How a page sets the guard of the history the console's router navigates with; none outside it. */
export const NavigationGuardContext = createContext<SetNavigationGuard | null>(null);
