// Its own module: the theme (theme/components.ts) reads it, and the sign-in page's first load
// has the theme but must not download the toasts' notistack.

/**
 * Marks a bar held to the bottom edge of the screen (a full-screen dialog's actions, the chat
 * composer): toasts appearing while it is on screen rise above it.
 */
export const TOAST_CLEAR_ATTRIBUTE = 'data-toast-clear';
