import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildDemoChats } from './chats.js';

describe('demo chats', () => {
  const now = new Date('2026-03-02T09:00:00.000Z');
  const patients = Array.from({ length: 20 }, () => ({ id: randomUUID() }));
  const build = () => buildDemoChats({ seed: 77, organisationId: randomUUID(), patients, staffId: randomUUID(), count: 6, now });

  it('is the same for the same seed, ids included', () => {
    const [first, second] = [build(), build()];
    expect(second.conversations.map((row) => [row.id, row.patientId, row.lastMessageAt])).toEqual(first.conversations.map((row) => [row.id, row.patientId, row.lastMessageAt]));
    expect(second.messages.map((row) => [row.id, row.createdAt, row.readAt])).toEqual(first.messages.map((row) => [row.id, row.createdAt, row.readAt]));
  });

  it('keeps each conversation’s last message and unread count true to its messages, all in the past', () => {
    const chats = build();
    expect(new Set(chats.conversations.map((row) => row.patientId)).size).toBe(6);
    expect(chats.conversations.filter((row) => (row.staffUnreadCount ?? 0) > 0)).toHaveLength(3);
    for (const conversation of chats.conversations) {
      const messages = chats.messages.filter((row) => row.conversationId === conversation.id).sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime());
      expect(messages[0]).toMatchObject({ text: conversation.lastMessagePreview, sender: conversation.lastMessageSender, createdAt: conversation.lastMessageAt });
      expect(messages.filter((row) => row.sender === 'PATIENT' && row.readAt === null)).toHaveLength(conversation.staffUnreadCount ?? 0);
      for (const message of messages) expect(message.createdAt!.getTime()).toBeLessThan(now.getTime());
      for (const message of messages) expect((message.readAt ?? now).getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });
});
