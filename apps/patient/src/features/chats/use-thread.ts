import type { PatientChatMessage, PatientConversation } from '@caredesk/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLiveEvents } from '@/lib/live-events';
import { useResource } from '@/lib/use-resource';
import { getThread } from './api/get-thread';
import { markRead } from './api/mark-read';

/** Signed links live 5 minutes: the thread is read again before they run out. */
const LINK_REFRESH_MS = 4 * 60_000;

function byTime(a: PatientChatMessage, b: PatientChatMessage): number {
  return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

/**
 * One conversation as the page shows it: every message loaded so far (the newest page, kept
 * fresh over the patient socket, plus older pages asked for and messages sent from here), oldest
 * first; the desk's messages are marked read while it is open.
 */
export function useThread(conversationId: string | null) {
  const latest = useResource(conversationId ? `thread:${conversationId}` : null, (signal) => getThread(conversationId!, { signal }));
  const [known, setKnown] = useState<Map<string, PatientChatMessage>>(new Map());
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [older, setOlder] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [conversation, setConversation] = useState<PatientConversation | null>(null);

  const remember = useCallback((messages: PatientChatMessage[]) => {
    setKnown((previous) => {
      const next = new Map(previous);
      for (const message of messages) next.set(message.id, message);
      return next;
    });
  }, []);

  const data = latest.status === 'ready' ? latest.data : null;
  useEffect(() => {
    if (!data) return;
    remember(data.messages);
    setConversation(data.conversation);
    setCursor((previous) => (previous === undefined ? data.previousCursor : previous));
  }, [data, remember]);

  // A message of this conversation (the desk's, ours from another phone, a read mark): read it again.
  useLiveEvents(conversationId !== null, (event) => event.type === 'chat.message' && (!event.conversationId || event.conversationId === conversationId), latest.reload);
  const { reload } = latest;
  useEffect(() => {
    if (!conversationId) return;
    const timer = setInterval(reload, LINK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [conversationId, reload]);

  // The desk's messages are read once the thread shows them: once per newest unread one.
  const markedUpTo = useRef<string | null>(null);
  const newestUnread = data?.messages.filter((message) => message.sender === 'STAFF' && message.readAt === null).at(-1)?.id ?? null;
  useEffect(() => {
    if (!conversationId || !newestUnread || markedUpTo.current === newestUnread) return;
    markedUpTo.current = newestUnread;
    markRead(conversationId).catch(() => {
      // Marked next time the thread is read: nothing the patient needs to know.
      markedUpTo.current = null;
    });
  }, [conversationId, newestUnread]);

  const loadOlder = useCallback(async () => {
    if (!conversationId || !cursor) return;
    setOlder('loading');
    try {
      const page = await getThread(conversationId, { before: cursor });
      remember(page.messages);
      setCursor(page.previousCursor);
      setOlder('idle');
    } catch {
      setOlder('failed');
    }
  }, [conversationId, cursor, remember]);

  const messages = useMemo(() => [...known.values()].sort(byTime), [known]);
  return { status: latest.status, error: latest.status === 'error' ? latest.error : null, reload, conversation, messages, hasOlder: Boolean(cursor), older, loadOlder, remember };
}
