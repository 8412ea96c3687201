import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

export interface UnsavedChangesGuard {
  /** Render this somewhere in the form page: the 'Discard unsaved changes?' dialog. */
  dialog: ReactNode;
  /** Call right before navigating after a successful save, so that navigation is not blocked. */
  allowNavigation: () => void;
}

/**
 * While a form has unsaved changes, leaving it in the app asks 'Discard unsaved changes?'
 * ('Keep editing' / 'Discard'), and closing or reloading the tab shows the browser's prompt.
 * Staying on the same path (e.g. changing only the search params) is never blocked.
 */
export function useUnsavedChangesGuard(isDirty: boolean): UnsavedChangesGuard {
  const bypass = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty && !bypass.current && currentLocation.pathname !== nextLocation.pathname);

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
      open={blocker.state === 'blocked'}
      title="Discard unsaved changes?"
      message="The changes you made on this page have not been saved."
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
  return { dialog, allowNavigation };
}
