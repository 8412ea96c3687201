import type { MessageChannel, MessageLanguage, MessageProvider } from '@caredesk/shared';

/**
 * One message to one phone, as the messages module hands it to a channel (design.md §10). The
 * adapter decides the wire form: a WhatsApp template or free text, an SMS with its DLT template.
 */
export interface OutgoingMessage {
  /** Our message id: the provider's idempotency or reference key where it has one. */
  id: string;
  /** E.164, e.g. +919876543210. */
  to: string;
  /** The text the patient reads, rendered from the organisation's template. */
  text: string;
  /**
   * The provider-side template: the WhatsApp template's name and language (approved in WhatsApp
   * Manager) or the SMS DLT template id, and its body variables in order.
   */
  template: { name: string; language: MessageLanguage; variables: string[] };
  /** WhatsApp only: the patient wrote within 24 hours, so free text may go instead of a template. */
  insideCustomerWindow: boolean;
  /** WhatsApp only: the organisation's sending number (Cloud API phone number id). */
  senderId?: string | undefined;
}

export type SendOutcome =
  /** The provider took it; its id ties later delivery reports to the message. */
  | { kind: 'accepted'; providerMessageId: string }
  /** Worth trying again: no answer, 429 or 5xx. `retryAfterSeconds` from the provider when it said. */
  | { kind: 'retry'; reason: string; retryAfterSeconds?: number | undefined }
  /** Never going to work as sent (bad number, template not approved, auth refused): not retried. */
  | { kind: 'rejected'; reason: string };

export interface ChannelAdapter {
  channel: MessageChannel;
  provider: MessageProvider;
  /** Never throws: every failure is an outcome. `reason` texts carry no patient data. */
  send(message: OutgoingMessage): Promise<SendOutcome>;
}

/** A provider's delivery report, from its webhook. */
export interface DeliveryReport {
  providerMessageId: string;
  status: 'SENT' | 'DELIVERED' | 'READ' | 'FAILED';
  at: Date;
  /** The provider's error code and title for FAILED (no patient data). */
  reason?: string | undefined;
}

/** A message a patient sent us (WhatsApp), from its webhook. */
export interface InboundMessage {
  providerMessageId: string;
  /** The number it came to: the organisation's phone number id (WhatsApp). */
  recipientId: string;
  /** E.164. */
  from: string;
  /** The patient's WhatsApp profile name, when given. */
  profileName?: string | undefined;
  text: string;
  at: Date;
}

/** What one webhook delivery carries once its signature is checked. */
export interface WebhookBatch {
  reports: DeliveryReport[];
  inbound: InboundMessage[];
}
