/**
 * Every chat query lives under ['chat']: the live channel's chat.message (and a resync after a
 * dropped connection) invalidates that prefix, so the list and the open thread follow it.
 */
export interface ConversationFilter {
  search?: string;
  unread?: boolean;
}

export const chatKeys = {
  all: ['chat'] as const,
  conversations: ['chat', 'conversations'] as const,
  conversationList: (filter: ConversationFilter) => ['chat', 'conversations', filter] as const,
  threads: ['chat', 'thread'] as const,
  thread: (patientId: string) => ['chat', 'thread', patientId] as const,
};
