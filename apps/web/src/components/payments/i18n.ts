import type english from '@/i18n/locales/en/payments.json';
import { defineArea } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/payments';

export const { useT, t } = defineArea<keyof typeof english>(messages);
