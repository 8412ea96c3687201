import { useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { NavigationGuardContext } from '@/lib/navigation-guard';
import { ConfirmDialog } from './confirm-dialog';
import { useT } from './i18n';

export interface UnsavedChangesGuard {
  /** Render this somewhere in the form page: the 'Discard unsaved changes?' dialog. */
  dialog: ReactNode;
  /** Call right before navigating after a successful save, so that navigation is not blocked. */
  allowNavigation: () => void;
}

/**
 * While a form has unsaved changes, leaving it in the app (links, navigate(), back and forward)
 * asks 'Discard unsaved changes?' ('Keep editing' / 'Discard'), and closing or reloading the tab
 * shows the browser's prompt. Staying on the same path (e.g. changing only the search params) is
 * never blocked.
 */
export function useUnsavedChangesGuard(isDirty: boolean): UnsavedChangesGuard {
  const t = useT();
  const setGuard = useContext(NavigationGuardContext);
  const { pathname } = useLocation();
  const bypass = useRef(false);
  // The held-back navigation while the dialog is open.
  const [pending, setPending] = useState<{ proceed: () => void }>();

  useEffect(() => {
    if (!isDirty || !setGuard) return undefined;
    return setGuard({
      blocks: (nextPathname) => !bypass.current && nextPathname !== pathname,
      ask: (proceed) => setPending({ proceed }),
    });
  }, [isDirty, setGuard, pathname]);

  useEffect(() => {
    if (!isDirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (bypass.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const allowNavigation = useCallback(() => {
    bypass.current = true;
  }, []);

  const dialog = (
    <ConfirmDialog
      open={pending !== undefined}
      title={t('records.discardTitle')}
      message={t('records.discardMessage')}
      confirmLabel={t('records.discard')}
      cancelLabel={t('records.keepEditing')}
      destructive
      onConfirm={() => {
        setPending(undefined);
        pending?.proceed();
      }}
      onClose={() => setPending(undefined)}
    />
  );
  return { dialog, allowNavigation };
}
