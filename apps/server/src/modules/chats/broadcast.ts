import type { ChatBroadcastOutcome, ChatBroadcastResult, chatBroadcastSchema, Language } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { patients } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { errorMessageIn, NotFoundError } from '../../lib/errors.js';
import { consume } from '../../lib/rate-limit.js';
import type { StaffWrite } from '../audit/index.js';
import { lockConversation, writeMessage } from './messages.js';
import { CHAT_SEND_LIMIT, chatSendLimitKey, type ChatSendDeps } from './service.js';

export type ChatBroadcastInput = z.output<typeof chatBroadcastSchema>;

/**
 * POST /api/chats/broadcast: one text from the desk into the chat of each patient (a list's bulk
 * 'Message'), written as a staff message is, so it reaches the patient's phone the same way
 * (onStaffMessage: the 'chat-reply' message if they have not read it in the app). One message per
 * patient, even when one is named twice; each in its own transaction, one conversation locked at
 * a time. Another organisation's or an unknown patient is refused as not found. The broadcast
 * counts as one send against the staff member's chat limit: it is one act of one person, and
 * writes at most CHAT_BROADCAST_LIMIT messages.
 * A retry with the same clientId answers the messages already written (each conversation keeps
 * one message per sender and clientId) and writes none twice.
 */
export async function broadcastStaffMessage(
  db: Db,
  caller: StaffContext,
  input: ChatBroadcastInput,
  deps: ChatSendDeps & { language: Language },
): Promise<{ result: ChatBroadcastResult; writes: StaffWrite[] }> {
  await consume(deps.rateLimitStore, [{ key: chatSendLimitKey('staff', caller.id), ...(deps.sendLimit ?? CHAT_SEND_LIMIT) }]);
  const notFound = errorMessageIn(new NotFoundError('Patient not found'), deps.language);
  const results: ChatBroadcastOutcome[] = [];
  const writes: StaffWrite[] = [];
  for (const patientId of new Set(input.patientIds)) {
    const sent = await db.transaction(async (tx) => {
      // Held until the message is written: a patient deleted meanwhile is not found, never half-written to.
      const [patient] = await tx
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.id, patientId), eq(patients.organisationId, caller.organisationId)))
        .for('share');
      if (!patient) return null;
      const conversationId = await lockConversation(tx, caller.organisationId, patientId);
      const { message, created } = await writeMessage(
        tx,
        { organisationId: caller.organisationId, conversationId, patientId, sender: 'STAFF', staffId: caller.id, text: input.text, clientId: input.clientId },
        deps,
      );
      return { id: message.id, created };
    });
    results.push(sent ? { patientId, outcome: 'sent', messageId: sent.id } : { patientId, outcome: 'refused', reason: 'not-found', message: notFound });
    // The trail names the patient whose chat was written to (as POST /chats/{patientId}/messages does).
    writes.push({ id: patientId, action: sent ? (sent.created ? 'create' : 'update') : 'denied' });
  }
  const delivered = results.filter((result) => result.outcome === 'sent').length;
  return { result: { results, sent: delivered, refused: results.length - delivered }, writes };
}
