import type { MessageChannel } from '@caredesk/shared';
import { maskPhone } from '../sms/index.js';
import type { ChannelAdapter } from './channel.js';

/**
 * The development and demo provider: nothing leaves the machine; each message is written to the
 * server log and counts as delivered, so booking, reminders and queue calls run end to end
 * offline. The line names the message, its channel and the masked phone, never its text: logs
 * are kept and shared, and the text (a patient's name, their visit) is patient data. The text
 * is in the message log (Settings → Messages → Log), where reading it is audited.
 */
export function logChannelAdapter(channel: MessageChannel, log: { info(details: object, message: string): void }): ChannelAdapter {
  return {
    channel,
    provider: 'log',
    async send(message) {
      log.info({ messageId: message.id, channel, to: maskPhone(message.to), template: message.template.name }, 'message not sent (log provider): recorded as delivered');
      return { kind: 'accepted', providerMessageId: `log-${message.id}` };
    },
  };
}
