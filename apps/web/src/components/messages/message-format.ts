import { messageChannelLabels, type MessageLogItem, type MessageProvider, type MessageStatus } from '@caredesk/shared';
import { messageEventLabel, messageStatusLabel } from '@/i18n/shared-labels';
import { fRupees } from '@/lib/format';
import { t } from './i18n';

type ChipColor = 'info' | 'warning' | 'secondary' | 'success' | 'error' | 'default' | 'primary';

/** Delivered and read are the good ends; failed the bad one; not sent needs a look (no consent, no add-on…). */
export const messageStatusColors: Record<MessageStatus, ChipColor> = {
  SCHEDULED: 'default',
  SENDING: 'info',
  SENT: 'info',
  DELIVERED: 'success',
  READ: 'success',
  FAILED: 'error',
  SKIPPED: 'warning',
  CANCELLED: 'default',
};

/** A FAILED or SKIPPED message may be tried again (admins). */
export const retryable = (status: MessageStatus) => status === 'FAILED' || status === 'SKIPPED';

// The texts below are read when called, never when this module loads: a change of language applies.

/** 'Scheduled', 'Not sent'… in the console's language (the shared labels). */
export const messageStatusText = (status: MessageStatus) => messageStatusLabel(status);

/** 'Booking confirmed', 'You are next'… in the console's language (the shared labels). */
export { messageEventLabel };

/** '24 hours before', '90 minutes before', '1 hour 30 minutes before'. */
export function offsetText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('message-list.offset.minutes', { minutes: rest });
  if (rest === 0) return t('message-list.offset.hours', { hours });
  return t('message-list.offset.hoursMinutes', { hours, minutes: rest });
}

/** 'Booking confirmed', 'Reminder (24 hours before)'. */
export function messageEventText(message: Pick<MessageLogItem, 'event' | 'offsetMinutes'>): string {
  return message.event === 'reminder' && message.offsetMinutes > 0
    ? t('message-list.reminderBefore', { offset: offsetText(message.offsetMinutes) })
    : messageEventLabel(message.event);
}

export const channelText = (message: Pick<MessageLogItem, 'channel'>) => messageChannelLabels[message.channel];

/** '₹0.50' */
export const fPaise = (paise: number) => fRupees(paise / 100);

/** When it went, or when it is due. */
export const messageTime = (message: Pick<MessageLogItem, 'sentAt' | 'dueAt'>) => message.sentAt ?? message.dueAt;

/** The carrier of a channel: product names stay as they are, the testing log says what it is. */
export function providerText(provider: MessageProvider): string {
  switch (provider) {
    case 'whatsapp-cloud':
      return 'WhatsApp Cloud API';
    case 'msg91':
      return 'MSG91';
    case 'log':
      return t('message-list.provider.log');
  }
}
