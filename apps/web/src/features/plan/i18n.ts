import type english from '@/i18n/locales/en/plan.json';
import { defineArea } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/plan';

export const { useT, t } = defineArea<keyof typeof english>(messages);
