import { closeSnackbar, MaterialDesignContent, type CustomContentProps } from 'notistack';
import { forwardRef } from 'react';

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
