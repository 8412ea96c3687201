import { CHAT_PAGE_SIZE, type ChatAttachment, type ChatMessage, type ChatSend, type Conversation } from '@caredesk/shared';
import type { HttpRequestConfig } from '@/lib/http';
import type { FakeReply, FakeRoute } from '@/test/fake-api';

let counter = 0;
const uuid = (prefix: string) => {
  counter += 1;
  return `${prefix}-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

interface FakeChat {
  conversation: Conversation;
  messages: ChatMessage[];
}

/** A message as the API returns it (tests only). */
export function makeChatMessage(conversationId: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: uuid('30000000'),
    conversationId,
    sender: 'PATIENT',
    staffId: null,
    senderName: 'Patient',
    text: `Message ${counter}`,
    attachment: null,
    clientId: null,
    createdAt: new Date().toISOString(),
    readAt: null,
    ...overrides,
  };
}

/**
 * The four chat calls over in-memory conversations, as the server answers them: the list newest
 * activity first with search, unread filter and cursor pages (the cursor is the next index); a
 * thread backwards by `before` (an index); sends de-duplicated by clientId; read.
 */
export function fakeChatServer() {
  const chats = new Map<string, FakeChat>();
  const routes: Record<string, FakeRoute> = {};
  const listQueries: Record<string, unknown>[] = [];
  const sends: ChatSend[] = [];
  const reads: string[] = [];
  /** Uploads the server knows, by id, so a send can carry one. */
  const uploads = new Map<string, ChatAttachment>();
  /** When set, the next sends answer this instead (a 503, a dropped connection). */
  const failure: { reply: FakeReply | null } = { reply: null };

  const refresh = (chat: FakeChat) => {
    const last = chat.messages.at(-1);
    chat.conversation.lastMessage = last ? { text: last.text, sender: last.sender, createdAt: last.createdAt, hasAttachment: last.attachment !== null } : null;
    chat.conversation.lastActivityAt = last?.createdAt ?? chat.conversation.lastActivityAt;
    chat.conversation.unreadCount = chat.messages.filter((message) => message.sender === 'PATIENT' && message.readAt === null).length;
  };
  const ordered = () => [...chats.values()].map((chat) => chat.conversation).sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt));

  routes['GET /chats'] = (_body: unknown, config: HttpRequestConfig): FakeReply => {
    const params = (config.params ?? {}) as { search?: string; unread?: boolean; cursor?: string; limit?: number };
    listQueries.push(Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)));
    const search = params.search?.toLowerCase();
    const matching = ordered().filter(
      (item) => (!search || item.patientName.toLowerCase().includes(search) || item.patientPhone.includes(search)) && (!params.unread || item.unreadCount > 0),
    );
    const start = Number(params.cursor ?? 0);
    const limit = params.limit ?? CHAT_PAGE_SIZE;
    return {
      data: {
        data: matching.slice(start, start + limit),
        nextCursor: start + limit < matching.length ? String(start + limit) : null,
        unreadConversations: ordered().filter((item) => item.unreadCount > 0).length,
      },
    };
  };

  const routesFor = (chat: FakeChat) => {
    const { patientId } = chat.conversation;
    routes[`GET /chats/${patientId}`] = (_body: unknown, config: HttpRequestConfig): FakeReply => {
      const params = (config.params ?? {}) as { before?: string; limit?: number };
      const end = params.before === undefined ? chat.messages.length : Number(params.before);
      const start = Math.max(0, end - (params.limit ?? CHAT_PAGE_SIZE));
      const conversation = chat.messages.length ? { ...chat.conversation } : null;
      const patient = { id: patientId, name: chat.conversation.patientName, phone: chat.conversation.patientPhone };
      return { data: { conversation, patient, messages: chat.messages.slice(start, end), previousCursor: start > 0 ? String(start) : null } };
    };
    routes[`POST /chats/${patientId}/messages`] = (body: unknown): FakeReply => {
      const send = body as ChatSend;
      sends.push(send);
      if (failure.reply) return failure.reply;
      const existing = chat.messages.find((message) => send.clientId && message.clientId === send.clientId);
      if (existing) return { status: 200, data: existing };
      const message = makeChatMessage(chat.conversation.id, {
        sender: 'STAFF',
        staffId: uuid('40000000'),
        senderName: 'Asha Rao',
        text: send.text ?? '',
        clientId: send.clientId ?? null,
        attachment: (send.attachmentUploadId && uploads.get(send.attachmentUploadId)) || null,
      });
      chat.messages.push(message);
      refresh(chat);
      return { status: 201, data: message };
    };
    routes[`POST /chats/${patientId}/read`] = (): FakeReply => {
      reads.push(patientId);
      const now = new Date().toISOString();
      for (const message of chat.messages) if (message.sender === 'PATIENT' && !message.readAt) message.readAt = now;
      refresh(chat);
      return { data: { unreadCount: 0 } };
    };
  };

  return {
    routes,
    listQueries,
    sends,
    reads,
    uploads,
    failure,
    /** A patient with a conversation (or none yet when `messages` is empty). */
    add(patientName: string, options: { phone?: string; messages?: Partial<ChatMessage>[]; lastActivityAt?: string } = {}) {
      const conversationId = uuid('20000000');
      const conversation: Conversation = {
        id: conversationId,
        patientId: uuid('10000000'),
        patientName,
        patientPhone: options.phone ?? `+9198765${String(counter).padStart(5, '0')}`,
        lastMessage: null,
        lastActivityAt: options.lastActivityAt ?? new Date(Date.now() - counter * 60_000).toISOString(),
        unreadCount: 0,
      };
      const chat: FakeChat = { conversation, messages: (options.messages ?? []).map((message) => makeChatMessage(conversationId, { senderName: patientName, ...message })) };
      chats.set(conversation.patientId, chat);
      refresh(chat);
      routesFor(chat);
      return chat;
    },
    /** The patient writes (the live channel announces it with chat.message). */
    receive(chat: FakeChat, text: string): ChatMessage {
      const message = makeChatMessage(chat.conversation.id, { senderName: chat.conversation.patientName, text });
      chat.messages.push(message);
      refresh(chat);
      return message;
    },
  };
}
