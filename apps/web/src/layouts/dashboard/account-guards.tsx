import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';
import { useAccount } from '../../features/settings/api/get-account';
import { useHasAccessToken } from '../../lib/session';
import { InactivityGuard } from './inactivity-guard';

// Asked once, after a sign-in with a temporary password: its form (react-hook-form and the
// password rules, ~15 KB gzip) loads then, not with every page of the console.
const PasswordChangeRequiredDialog = lazy(() =>
  import('../../features/settings/components/password-change-required-dialog').then((module) => ({ default: module.PasswordChangeRequiredDialog })),
);

/** The waiting-room screen (a token page with ?display=1) runs all day on a TV nobody touches. */
function isWaitingRoomDisplay(pathname: string, search: string): boolean {
  return (pathname === paths.appointmentsToken || pathname === paths.bookingsToken) && new URLSearchParams(search).get('display') === '1';
}

/**
 * What GET /api/account asks of every signed-in console: the organisation's idle sign-out, and a
 * new password before anything else after a temporary one. The idle sign-out pauses on the
 * waiting-room display (which shows no patient names or controls) and starts afresh on leaving it.
 */
export function AccountGuards() {
  const signedIn = useHasAccessToken();
  const { pathname, search } = useLocation();
  const account = useAccount({ enabled: signedIn });
  const navigate = useNavigate();
  const logout = useLogout({ onSettled: () => void navigate(paths.signIn, { replace: true }) });
  if (!signedIn) return null;
  return (
    <>
      {isWaitingRoomDisplay(pathname, search) ? null : <InactivityGuard minutes={account.data?.inactivityMinutes} />}
      {account.data?.passwordChangeRequired ? (
        <Suspense fallback={null}>
          <PasswordChangeRequiredDialog onSignOut={() => logout.mutate()} />
        </Suspense>
      ) : null}
    </>
  );
}
