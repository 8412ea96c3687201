import type english from '@/i18n/locales/en/notification-bell.json';
import { defineArea } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/notification-bell';

/**
 * The header's bell and its live toasts, in their own small area: the bell is on every page, so
 * its texts come with the shell's chunk, while the popover's and the page's load with them.
 */
export const { useT, t } = defineArea<keyof typeof english>(messages);
