import type english from '@/i18n/locales/en/day-book.json';
import { defineArea } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/day-book';

export const { useT, t } = defineArea<keyof typeof english>(messages);
