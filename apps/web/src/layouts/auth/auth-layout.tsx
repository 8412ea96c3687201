import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingBar } from '../../components/loading-bar';
import { AuthFrame } from './auth-frame';

/** SPEC.md §2: the sign-in route's layout (AuthFrame) around the route's page. */
export function AuthLayout() {
  return (
    <AuthFrame>
      <Suspense fallback={<LoadingBar />}>
        <Outlet />
      </Suspense>
    </AuthFrame>
  );
}
