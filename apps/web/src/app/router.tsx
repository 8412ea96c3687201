import { startTransition, useLayoutEffect, useState } from 'react';
import { Router, UNSAFE_createBrowserHistory, useRoutes } from 'react-router';
import { paths } from '../config/paths';
import { setSessionEndHandler } from '../lib/http';
import { guardHistory, NavigationGuardContext, type GuardedHistory } from '../lib/navigation-guard';
import { hasSessionToken } from '../lib/session';
import { RouteErrorBoundary } from './route-error-boundary';
import { preloadRoute, routes } from './routes';

let browserHistory: GuardedHistory | undefined;

/**
 * Created on the first render, not when this module loads: the first-load sign-in shell
 * (main.tsx) may load the console ahead and only later set the URL it should open at.
 */
function appHistory(): GuardedHistory {
  if (browserHistory) return browserHistory;
  void preloadRoute(window.location.pathname, hasSessionToken());
  const created = guardHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));
  // An ended session goes to sign-in in the app (no full reload, history replaced); a form with
  // unsaved changes asks first, as for any other navigation.
  setSessionEndHandler(() => created.replace(paths.signIn));
  browserHistory = created;
  return created;
}

export function AppRouter() {
  return <HistoryRouter history={appHistory()} />;
}

/**
 * The route table on a guarded history: the browser's in the app, a memory one in tests. The
 * declarative router rather than createBrowserRouter, whose data APIs (loaders, actions, fetchers)
 * the console does not use and which cost every signed-in route ~16 KB gzip more (issue #18).
 */
export function HistoryRouter({ history }: { history: GuardedHistory }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  // A transition, as in react-router's own routers: a lazy page loading keeps the current one on screen.
  useLayoutEffect(() => history.listen(({ action, location }) => startTransition(() => setState({ action, location }))), [history]);
  return (
    <NavigationGuardContext value={history.setGuard}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        <RouteErrorBoundary location={state.location}>
          <AppRoutes />
        </RouteErrorBoundary>
      </Router>
    </NavigationGuardContext>
  );
}

function AppRoutes() {
  return useRoutes(routes);
}
