import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import dayjs from 'dayjs';
import { useLayoutEffect, useRef } from 'react';
import { fChatDate } from '@/lib/format';
import { useT } from '../i18n';
import { ChatMessageBubble, type ShownMessage } from './chat-message-bubble';

/** Within this many pixels of the bottom the reader is following along: new messages scroll into view. */
const FOLLOW_THRESHOLD = 120;
/** Scrolling this close to the top loads the earlier page by itself. */
const LOAD_EARLIER_THRESHOLD = 40;

interface DayGroup {
  day: string;
  items: ShownMessage[];
}

/** Messages (oldest first) grouped by the local calendar day they were written on. */
export function groupByDay(items: ShownMessage[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const item of items) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a date format, the group's key
    const day = dayjs(item.message.createdAt).format('YYYY-MM-DD');
    const last = groups.at(-1);
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

interface ChatMessageListProps {
  items: ShownMessage[];
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  onRetry: (clientId: string) => void;
}

/**
 * The scrolling thread: opens at the latest message, follows new ones while the reader is at the
 * bottom, and keeps the reader's place when earlier messages are put above.
 */
export function ChatMessageList({ items, hasEarlier, loadingEarlier, onLoadEarlier, onRetry }: ChatMessageListProps) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const beforeEarlier = useRef<{ height: number; top: number } | null>(null);
  const following = useRef(true);
  const firstKey = items[0]?.key;
  const lastKey = items.at(-1)?.key;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const saved = beforeEarlier.current;
    if (saved && !loadingEarlier) {
      element.scrollTop = saved.top + (element.scrollHeight - saved.height);
      beforeEarlier.current = null;
    }
  }, [firstKey, loadingEarlier]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [lastKey]);

  const loadEarlier = () => {
    const element = scroller.current;
    if (!hasEarlier || loadingEarlier || !element) return;
    beforeEarlier.current = { height: element.scrollHeight, top: element.scrollTop };
    onLoadEarlier();
  };

  return (
    <Box
      ref={scroller}
      role="log"
      aria-label={t('chats.messages')}
      // A Tab stop of its own: a thread of plain text has nothing focusable inside, and a keyboard
      // must still be able to scroll it (arrow keys, Page Up) to read earlier messages.
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD;
        if (element.scrollTop < LOAD_EARLIER_THRESHOLD) loadEarlier();
      }}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1, sm: 2 }, py: 1 }}
    >
      {hasEarlier ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
          <Button size="small" onClick={loadEarlier} disabled={loadingEarlier}>
            {loadingEarlier ? t('chats.loading') : t('chats.loadEarlier')}
          </Button>
        </Box>
      ) : null}
      {groupByDay(items).map((group) => (
        <Box component="section" key={group.day} aria-label={fChatDate(group.items[0]?.message.createdAt)} sx={{ mb: 1 }}>
          {/* The day stays in view while scrolling only where the thread is wide; on a phone a floating chip lay over the message text. */}
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1, position: { xs: 'static', md: 'sticky' }, top: 0, zIndex: 1 }}>
            <Chip component="h3" size="small" label={fChatDate(group.items[0]?.message.createdAt)} sx={{ bgcolor: 'background.paper', boxShadow: 1, fontWeight: 500 }} />
          </Box>
          <Box component="ul" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
            {group.items.map((item) => (
              <ChatMessageBubble key={item.key} shown={item} onRetry={onRetry} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
