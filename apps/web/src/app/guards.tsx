import { areaOfPath, canAccessArea } from '@caredesk/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { homePathOf } from '../lib/home-path';
import { useHasAccessToken, useHasSessionToken, useSessionUser } from '../lib/session';

/** Protected routes need an access token (or the onboarding temporary token). */
export function RequireSession() {
  const hasToken = useHasSessionToken();
  if (!hasToken) return <Navigate to={paths.signIn} replace />;
  return <Outlet />;
}

/** What a doctor's own account opens besides its menu: its account, its bell and the plan chip's page. */
const DOCTOR_ACCOUNT_PATHS: readonly string[] = [paths.account, paths.notifications, paths.plan];

/** A route outside the account's menu sends the user to its home instead of an error (design.md §4). */
export function RequireMenuArea() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const area = areaOfPath(pathname);
  if (user && (area || user.role === 'USER')) {
    // A doctor's own account (USER) sees its consulting room and its own pages, nothing of the desk.
    const allowed = area ? canAccessArea(user.admin.type, user.role, area) : DOCTOR_ACCOUNT_PATHS.includes(pathname);
    const home = homePathOf(user);
    if (!allowed && home !== pathname) return <Navigate to={home} replace />;
  }
  return <Outlet />;
}

/** /sign-in with a stored access token goes straight to the account's home. */
export function RedirectIfSignedIn() {
  const hasToken = useHasAccessToken();
  const user = useSessionUser();
  if (hasToken) return <Navigate to={homePathOf(user)} replace />;
  return <Outlet />;
}
