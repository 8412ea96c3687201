import GlobalStyles from '@mui/material/GlobalStyles';
import { closeSnackbar, MaterialDesignContent, type CustomContentProps } from 'notistack';
import { forwardRef } from 'react';
import { layout } from '../config/layout';

/** A toast that goes away when tapped (SPEC.md §2 "Toasts"). */
export const DismissibleToast = forwardRef<HTMLDivElement, CustomContentProps>(function DismissibleToast(props, ref) {
  return (
    <div ref={ref} onClick={() => closeSnackbar(props.id)} style={{ cursor: 'pointer' }}>
      <MaterialDesignContent {...props} />
    </div>
  );
});

export const toastComponents = {
  default: DismissibleToast,
  success: DismissibleToast,
  error: DismissibleToast,
  warning: DismissibleToast,
  info: DismissibleToast,
} as const;

/** Class given to notistack's top-right container (SnackbarProvider `classes`). */
export const TOAST_CONTAINER_CLASS = 'caredesk-toasts';

const TOAST_GAP = 8;

/**
 * Toasts stay top right but start under the sticky header: notistack's default 20px put them
 * over the avatar menu, wallet and bell for six seconds after every save, so the desk could not
 * open the account menu right after changing a password. Two classes outrank notistack's one.
 */
export function ToastPlacement() {
  return (
    <GlobalStyles
      styles={(theme) => ({
        [`.notistack-SnackbarContainer.${TOAST_CONTAINER_CLASS}`]: {
          top: layout.headerHeightMobile + TOAST_GAP,
          [theme.breakpoints.up(layout.layoutBreakpoint)]: { top: layout.headerHeightDesktop + TOAST_GAP },
        },
      })}
    />
  );
}
