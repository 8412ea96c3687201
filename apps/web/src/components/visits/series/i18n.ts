import type english from '@/i18n/locales/en/visit-series.json';
import { defineArea } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/visit-series';

export const { useT, t } = defineArea<keyof typeof english>(messages);
