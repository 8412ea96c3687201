import { pushConfigSchema, type PushSubscriptionSave } from '@caredesk/shared';
import { http } from '../http';

/** GET /api/fcm/config: the server's VAPID public key (null when push is not configured). */
export async function getPushConfig(): Promise<string | null> {
  const response = await http.get<unknown>('/fcm/config');
  return pushConfigSchema.parse(response.data).publicKey;
}

export async function savePushSubscription(body: PushSubscriptionSave): Promise<void> {
  await http.post('/fcm/save', body);
}

export async function removePushSubscriptionOnServer(endpoint: string): Promise<void> {
  await http.post('/fcm/remove', { endpoint });
}
