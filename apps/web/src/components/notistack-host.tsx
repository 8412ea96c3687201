import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { liftToastsAboveBottomBars, TOAST_CONTAINER_CLASS, ToastPlacement, toastComponents } from './dismissible-toast';
import { notistackReady } from './toast';

/**
 * notistack's provider, loaded with the first toast (components/toast.ts). Its functions reach
 * the provider last mounted, so the toasts asked for before it loaded are handed over once it is.
 */
export default function NotistackHost() {
  useEffect(() => notistackReady({ enqueueSnackbar, closeSnackbar }), []);
  return (
    <>
      <ToastPlacement />
      <SnackbarProvider
        maxSnack={2}
        dense
        preventDuplicate
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        Components={toastComponents}
        classes={{ containerAnchorOriginBottomLeft: TOAST_CONTAINER_CLASS }}
        onEnter={liftToastsAboveBottomBars}
      />
    </>
  );
}
