import { createBrowserRouter, RouterProvider } from 'react-router';
import { paths } from '../config/paths';
import { setSessionEndHandler } from '../lib/http';
import { hasSessionToken } from '../lib/session';
import { preloadRoute, routes } from './routes';

preloadRoute(window.location.pathname, hasSessionToken());
const router = createBrowserRouter(routes);

// An ended session goes to sign-in through the router (no full reload, history replaced).
setSessionEndHandler(() => void router.navigate(paths.signIn, { replace: true }));

export function AppRouter() {
  return <RouterProvider router={router} />;
}
