import ForumOutlined from '@mui/icons-material/ForumOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/http';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useConversations } from '../api/get-conversations';
import { useT } from '../i18n';
import { ConversationItem } from './conversation-item';

export const CHAT_SEARCH_DEBOUNCE_MS = 300;

/** The list's filter in the URL (?search=&unread=true), kept when a conversation is opened. */
function useConversationFilter() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const unread = params.get('unread') === 'true';
  const [typed, setTyped] = useState(search);
  const debounced = useDebouncedValue(typed.trim(), CHAT_SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced === search) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debounced) next.set('search', debounced);
        else next.delete('search');
        return next;
      },
      { replace: true },
    );
  }, [debounced, search, setParams]);
  const setUnread = (value: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('unread', 'true');
        else next.delete('unread');
        return next;
      },
      { replace: true },
    );
  return { search, unread, typed, setTyped, setUnread, query: params.toString() };
}

/** Conversations, newest activity first, with search, the unread filter and 'Load more'. */
export function ConversationList({ activePatientId }: { activePatientId?: string }) {
  const t = useT();
  const { search, unread, typed, setTyped, setUnread, query } = useConversationFilter();
  const conversations = useConversations({ search: search || undefined, unread: unread || undefined });
  const items = conversations.data?.pages.flatMap((page) => page.data) ?? [];
  const unreadConversations = conversations.data?.pages[0]?.unreadConversations ?? 0;
  const suffix = query ? `?${query}` : '';

  return (
    <Box component="nav" aria-label={t('chats.conversations')} sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: { xs: 1, sm: 1.5 }, borderBottom: 1, borderColor: 'divider' }}>
        <TextField
          label={t('chats.search')}
          type="search"
          placeholder={t('chats.searchPlaceholder')}
          size="small"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={unread ? 'unread' : 'all'}
          onChange={(_event, value: string | null) => value && setUnread(value === 'unread')}
          aria-label={t('chats.show')}
        >
          <ToggleButton value="all">{t('chats.all')}</ToggleButton>
          <ToggleButton value="unread">{unreadConversations ? t('chats.unreadCount', { count: unreadConversations }) : t('chats.unread')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {conversations.isLoading ? <LinearProgress aria-label={t('chats.loadingConversations')} /> : null}
      {conversations.isError ? (
        <Alert severity="error" sx={{ m: 1 }}>
          {errorMessage(conversations.error)}
        </Alert>
      ) : null}
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {conversations.data && items.length === 0 ? <EmptyState icon={<ForumOutlined />} title={search || unread ? t('chats.noMatches') : t('chats.none')} /> : null}
        {items.length > 0 ? (
          <List aria-label={t('chats.conversationList')} sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {items.map((conversation) => (
              <ConversationItem
                key={conversation.id}
                conversation={conversation}
                to={`${paths.chat(conversation.patientId)}${suffix}`}
                selected={conversation.patientId === activePatientId}
              />
            ))}
          </List>
        ) : null}
        {conversations.hasNextPage ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', pb: 2 }}>
            <Button onClick={() => void conversations.fetchNextPage()} disabled={conversations.isFetchingNextPage}>
              {conversations.isFetchingNextPage ? t('chats.loading') : t('chats.loadMore')}
            </Button>
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
