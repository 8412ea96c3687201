import { messageChannelLabels, messageEventLabels, type MessageLogItem, type MessageProvider, type MessageStatus } from '@caredesk/shared';
import { fRupees } from '@/lib/format';

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

/** '24 hours before', '90 minutes before', '1 hour 30 minutes before'. */
export function offsetText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(hours === 1 ? '1 hour' : `${hours} hours`);
  if (rest > 0 || hours === 0) parts.push(rest === 1 ? '1 minute' : `${rest} minutes`);
  return `${parts.join(' ')} before`;
}

/** 'Booking confirmed', 'Reminder (24 hours before)'. */
export function messageEventText(message: Pick<MessageLogItem, 'event' | 'offsetMinutes'>): string {
  const label = messageEventLabels[message.event];
  return message.event === 'reminder' && message.offsetMinutes > 0 ? `${label} (${offsetText(message.offsetMinutes)})` : label;
}

export const channelText = (message: Pick<MessageLogItem, 'channel'>) => messageChannelLabels[message.channel];

/** '₹0.50' */
export const fPaise = (paise: number) => fRupees(paise / 100);

/** When it went, or when it is due. */
export const messageTime = (message: Pick<MessageLogItem, 'sentAt' | 'dueAt'>) => message.sentAt ?? message.dueAt;

export const providerLabels: Record<MessageProvider, string> = {
  'whatsapp-cloud': 'WhatsApp Cloud API',
  msg91: 'MSG91',
  log: 'Server log (testing: nothing reaches a phone)',
};
