import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingBar } from '../components/loading-bar';

/** The root of every route: scrolls to top on each path change (SPEC.md §2), shows progress while a layout loads. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <Suspense fallback={<LoadingBar />}>
      <Outlet />
    </Suspense>
  );
}
