import type english from '@/i18n/locales/en/consulting.json';
import { defineArea } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/consulting';

export const { useT, t } = defineArea<keyof typeof english>(messages);
