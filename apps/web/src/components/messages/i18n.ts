import type english from '@/i18n/locales/en/message-list.json';
import { defineArea } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/message-list';

/**
 * The texts of messages to patients wherever they show (a visit's drawer, a patient's record, the
 * log, Settings → Messages): statuses, events, reminder offsets. Its own area, named apart from
 * features/messages, so that a visit's drawer does not carry the settings page's texts.
 */
export const { useT, t } = defineArea<keyof typeof english>(messages);
