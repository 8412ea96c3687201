import type { ChatSender } from '@caredesk/shared';
import type { chatMessages, conversations } from '../schema/index.js';
import { random } from './random.js';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export interface DemoChats {
  conversations: (Row<typeof conversations> & { id: string })[];
  messages: Row<typeof chatMessages>[];
}

/**
 * Front-desk conversations as they go: a question, an answer, a thank-you, sometimes a follow-up
 * still waiting. Those at even places end with the patient, so they can be left unread.
 */
const THREADS: readonly (readonly (readonly [ChatSender, string])[])[] = [
  [
    ['PATIENT', 'Namaste, can I bring my old reports to the follow-up visit?'],
    ['STAFF', 'Yes, please bring all previous reports and the prescription.'],
    ['PATIENT', 'Thank you. Should I come fasting?'],
  ],
  [
    ['PATIENT', 'Is the doctor available on Saturday morning?'],
    ['STAFF', 'Yes, the OPD runs from 9 am to 1 pm on Saturdays.'],
    ['PATIENT', 'Great, I will book through the app.'],
    ['STAFF', 'Sure. Please arrive 10 minutes early for registration.'],
  ],
  [
    ['STAFF', 'Your report is ready. You can collect it from the front desk.'],
    ['PATIENT', 'Can it be sent on WhatsApp instead?'],
    ['STAFF', 'We will share it in the app today evening.'],
    ['PATIENT', 'Thank you so much!'],
  ],
  [
    ['PATIENT', 'What is the fee for a consultation?'],
    ['STAFF', 'The consultation fee is ₹500, payable at the desk or in the app.'],
  ],
  [
    ['PATIENT', 'My father has fever since yesterday. Can we come today?'],
    ['STAFF', 'Please come by 5 pm, we will add him to the evening queue.'],
    ['PATIENT', 'Okay. Do we need to bring his Aadhaar card?'],
    ['PATIENT', 'Also, is there parking near the entrance?'],
  ],
  [
    ['STAFF', 'Reminder: your appointment is tomorrow at 10:30 am.'],
    ['PATIENT', 'I need to reschedule, something came up at work.'],
    ['STAFF', 'No problem. Would Thursday at 11 am suit you?'],
    ['PATIENT', 'Thursday works. Please confirm.'],
  ],
];

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * A few conversations of an organisation over the last days, newest first: every other one ends
 * with patient messages the desk has not read yet, the rest were read within minutes.
 */
export function buildDemoChats(input: { seed: number; organisationId: string; patients: readonly { id: string }[]; staffId: string; count: number; now: Date }): DemoChats {
  const rng = random(input.seed);
  const chats: DemoChats = { conversations: [], messages: [] };
  const count = Math.min(input.count, input.patients.length);
  const offset = rng.int(0, Math.max(0, input.patients.length - count));
  for (let index = 0; index < count; index += 1) {
    const thread = THREADS[index % THREADS.length]!;
    const conversationId = rng.uuid();
    const unread = index % 2 === 0;
    // The newest message first, walking back a few minutes to a few hours per message.
    let at = input.now.getTime() - (index * 17 + rng.int(1, 6)) * HOUR_MS - rng.int(0, 59) * MINUTE_MS;
    const stamped = [...thread].reverse().map(([sender, text]) => {
      const createdAt = new Date(at);
      at -= rng.int(4, 180) * MINUTE_MS;
      return { sender, text, createdAt };
    });
    // Unread: the patient's messages after the desk's last reply.
    let trailingPatient = 0;
    while (stamped[trailingPatient]?.sender === 'PATIENT') trailingPatient += 1;
    const staffUnread = unread ? trailingPatient : 0;
    stamped.forEach((message, position) => {
      const unreadByStaff = message.sender === 'PATIENT' && position < staffUnread;
      chats.messages.push({
        id: rng.uuid(),
        conversationId,
        organisationId: input.organisationId,
        sender: message.sender,
        staffId: message.sender === 'STAFF' ? input.staffId : null,
        text: message.text,
        createdAt: message.createdAt,
        readAt: unreadByStaff ? null : new Date(Math.min(input.now.getTime(), message.createdAt.getTime() + rng.int(2, 30) * MINUTE_MS)),
      });
    });
    const last = stamped[0]!;
    chats.conversations.push({
      id: conversationId,
      organisationId: input.organisationId,
      patientId: input.patients[offset + index]!.id,
      lastMessageAt: last.createdAt,
      lastMessagePreview: last.text,
      lastMessageSender: last.sender,
      staffUnreadCount: staffUnread,
      createdAt: stamped.at(-1)!.createdAt,
    });
  }
  return chats;
}
