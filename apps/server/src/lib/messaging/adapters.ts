import type { MessageChannel } from '@caredesk/shared';
import type { Config, MessageChannelProviders } from '../../config.js';
import type { ChannelAdapter } from './channel.js';
import { logChannelAdapter } from './log-adapter.js';
import { msg91Adapter } from './msg91.js';
import { whatsAppCloudAdapter } from './whatsapp-cloud.js';

/** The adapter of each channel this server sends on (config.ts messageProvidersOf decides which). */
export function createChannelAdapters(
  config: Config,
  providers: MessageChannelProviders,
  log: { info(details: object, message: string): void },
): Partial<Record<MessageChannel, ChannelAdapter>> {
  const adapters: Partial<Record<MessageChannel, ChannelAdapter>> = {};
  if (providers.WHATSAPP === 'log') adapters.WHATSAPP = logChannelAdapter('WHATSAPP', log);
  if (providers.WHATSAPP === 'whatsapp-cloud')
    adapters.WHATSAPP = whatsAppCloudAdapter({ accessToken: config.WHATSAPP_ACCESS_TOKEN!, apiBase: config.WHATSAPP_API_BASE, apiVersion: config.WHATSAPP_API_VERSION });
  if (providers.SMS === 'log') adapters.SMS = logChannelAdapter('SMS', log);
  if (providers.SMS === 'msg91')
    adapters.SMS = msg91Adapter({ authKey: config.MSG91_AUTH_KEY!, apiBase: config.MSG91_API_BASE, ...(config.MSG91_SENDER_ID ? { senderId: config.MSG91_SENDER_ID } : {}) });
  return adapters;
}
