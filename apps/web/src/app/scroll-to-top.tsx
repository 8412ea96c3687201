import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Every path change starts at the top of the page (SPEC.md §2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return <Outlet />;
}
