import type english from '@/i18n/locales/en/wallet.json';
import { defineArea } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/wallet';

export const { useT, t } = defineArea<keyof typeof english>(messages);
