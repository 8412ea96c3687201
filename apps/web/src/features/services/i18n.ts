import type english from '@/i18n/locales/en/services.json';
import { defineArea } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/services';

export const { useT, t } = defineArea<keyof typeof english>(messages);

/**
 * Which list a page belongs to, for the texts that name it: /scan is 'Services', 'Scans' or
 * 'Scans & Tests' by the account's menu (its navigation key), /service is always 'Other Services'.
 */
export type ListKind = 'scanServices' | 'scans' | 'scansAndTests' | 'other';
