export type { ChannelAdapter, DeliveryReport, InboundMessage, OutgoingMessage, SendOutcome, WebhookBatch } from './channel.js';
export { logChannelAdapter } from './log-adapter.js';
export { msg91Adapter, parseMsg91DeliveryReport, parseMsg91Inbound, verifyMsg91WebhookSecret } from './msg91.js';
export { parseWhatsAppWebhook, verifyWhatsAppSignature, whatsAppCloudAdapter, whatsAppVerifyChallenge, type WhatsAppWebhookBatch } from './whatsapp-cloud.js';
export { createChannelAdapters } from './adapters.js';
