import type { closeSnackbar as CloseSnackbar, enqueueSnackbar as EnqueueSnackbar, OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

/**
 * The console's toasts (SPEC.md §2 "Toasts"), through notistack, which loads with the first toast
 * rather than with every page (≈7 KB gzip that most page loads never use). Call these instead of
 * notistack's own: a toast asked for before notistack has loaded is shown as soon as it has, in
 * order, and can be closed by its key meanwhile. <ToastHost> (components/toast-host.tsx) mounts
 * notistack's provider on the first call.
 */

interface Notistack {
  enqueueSnackbar: typeof EnqueueSnackbar;
  closeSnackbar: typeof CloseSnackbar;
}

let notistack: Notistack | undefined;
let pending: { message: SnackbarMessage; options: OptionsObject & { key: SnackbarKey } }[] = [];
let wanted = false;
const listeners = new Set<() => void>();
let lastKey = 0;

/** Shows a toast; answers its key (the one given in `options`, else a new one). */
export function enqueueSnackbar(message: SnackbarMessage, options: OptionsObject = {}): SnackbarKey {
  const key = options.key ?? `toast-${(lastKey += 1)}`;
  if (notistack) return notistack.enqueueSnackbar(message, { ...options, key });
  pending.push({ message, options: { ...options, key } });
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return key;
}

/** Closes the toast of `key`, or every toast without one. */
export function closeSnackbar(key?: SnackbarKey): void {
  if (notistack) return notistack.closeSnackbar(key);
  pending = key === undefined ? [] : pending.filter((toast) => toast.options.key !== key);
}

/** Whether a toast has been asked for: the host mounts notistack from then on. */
export function toastsWanted(): boolean {
  return wanted;
}

export function subscribeToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the host once notistack's provider is mounted: the toasts asked for so far show. */
export function notistackReady(loaded: Notistack): void {
  notistack = loaded;
  const waiting = pending;
  pending = [];
  for (const toast of waiting) loaded.enqueueSnackbar(toast.message, toast.options);
}
