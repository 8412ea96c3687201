import type english from '@/i18n/locales/en/messages.json';
import { defineArea } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/messages';

export const { useT, t } = defineArea<keyof typeof english>(messages);
