import type english from '@/i18n/locales/en/records.json';
import { defineArea } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/records';

export const { useT, t } = defineArea<keyof typeof english>(messages);
