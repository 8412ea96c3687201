import type english from '@/i18n/locales/en/waitlist.json';
import { defineArea } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/waitlist';

export const { useT, t } = defineArea<keyof typeof english>(messages);
