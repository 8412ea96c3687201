import type english from '@/i18n/locales/en/onboarding.json';
import { defineArea } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/onboarding';

export const { useT, t } = defineArea<keyof typeof english>(messages);
