import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToastsWanted, toastsWanted } from './toast';

const NotistackHost = lazy(() => import('./notistack-host'));

/** Where the console's toasts appear: notistack's provider, mounted once a toast is asked for. */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToastsWanted, toastsWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <NotistackHost />
    </Suspense>
  ) : null;
}
