import type english from '@/i18n/locales/en/components.json';
import { defineArea } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/components';

/** The texts of the single-file components in this folder (clock, image upload, password meter…). */
export const { useT, t } = defineArea<keyof typeof english>(messages);
