import { createBrowserRouter, RouterProvider } from 'react-router';
import { paths } from '../config/paths';
import { setSessionEndHandler } from '../lib/http';
import { hasSessionToken } from '../lib/session';
import { preloadRoute, routes } from './routes';

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * Created on the first render, not when this module loads: the first-load sign-in shell
 * (main.tsx) may load the console ahead and only later set the URL it should open at.
 */
function appRouter(): ReturnType<typeof createBrowserRouter> {
  if (router) return router;
  preloadRoute(window.location.pathname, hasSessionToken());
  const created = createBrowserRouter(routes);
  // An ended session goes to sign-in through the router (no full reload, history replaced).
  setSessionEndHandler(() => void created.navigate(paths.signIn, { replace: true }));
  router = created;
  return created;
}

export function AppRouter() {
  return <RouterProvider router={appRouter()} />;
}
