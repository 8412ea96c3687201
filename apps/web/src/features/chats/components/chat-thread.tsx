import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';
import { fPhone } from '@/lib/format';
import { errorMessage, errorStatus } from '@/lib/http';
import { threadMessages, useChatThread } from '../api/get-chat-thread';
import { useMarkChatRead } from '../api/mark-chat-read';
import { useSendChatMessage } from '../api/send-chat-message';
import { useT } from '../i18n';
import { ChatComposer } from './chat-composer';
import type { ShownMessage } from './chat-message-bubble';
import { ChatMessageList } from './chat-message-list';

/** Marks the thread read when it opens, and again whenever a patient message arrives unread while it is open. */
function useMarkReadWhileOpen(patientId: string, latestUnreadId: string | undefined) {
  const markRead = useMarkChatRead();
  const marked = useRef<string | null>(null);
  const { mutate } = markRead;
  useEffect(() => {
    if (!latestUnreadId || marked.current === latestUnreadId) return;
    marked.current = latestUnreadId;
    mutate(patientId);
  }, [patientId, latestUnreadId, mutate]);
}

interface ChatThreadProps {
  patientId: string;
  /** On phones the thread is its own screen, with a way back to the list. */
  backTo?: string;
}

/** /chats/{userId}: the conversation with one patient. */
export function ChatThread({ patientId, backTo }: ChatThreadProps) {
  const t = useT();
  const thread = useChatThread(patientId);
  const { pending, send, retry } = useSendChatMessage(patientId);
  const messages = useMemo(() => threadMessages(thread.data), [thread.data]);
  const latest = thread.data?.pages[0];
  const latestUnreadId =
    messages.findLast((message) => message.sender === 'PATIENT' && message.readAt === null)?.id ?? (latest?.conversation?.unreadCount ? latest.conversation.id : undefined);
  useMarkReadWhileOpen(patientId, latestUnreadId);

  const items = useMemo<ShownMessage[]>(() => {
    const confirmed = new Set(messages.map((message) => message.clientId).filter(Boolean));
    return [
      ...messages.map((message): ShownMessage => ({ kind: 'sent', key: message.clientId ?? message.id, message })),
      ...pending.filter((message) => !confirmed.has(message.clientId)).map((message): ShownMessage => ({ kind: 'pending', key: message.clientId, message })),
    ];
  }, [messages, pending]);

  const back = backTo ? (
    <IconButton component={RouterLink} to={backTo} aria-label={t('chats.backToChats')} edge="start">
      <ArrowBackOutlined />
    </IconButton>
  ) : null;

  if (thread.isError) {
    const notFound = errorStatus(thread.error) === 404;
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        {back ? <Box sx={{ p: 1 }}>{back}</Box> : null}
        {notFound ? (
          <EmptyState
            icon={<PersonSearchOutlined />}
            title={t('chats.patientNotFound')}
            description={t('chats.patientNotFoundBody')}
            action={
              <Button component={RouterLink} to={paths.chats}>
                {t('chats.backToChats')}
              </Button>
            }
          />
        ) : (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(thread.error)}
          </Alert>
        )}
      </Box>
    );
  }

  const patient = latest?.patient;
  return (
    <Box
      component="section"
      aria-label={patient ? t('chats.chatWith', { name: patient.name }) : t('chats.chat')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: { xs: 1, sm: 2 }, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        {back}
        {patient ? (
          <>
            <Avatar sx={{ bgcolor: 'primary.main' }}>{patient.name.charAt(0).toUpperCase()}</Avatar>
            <Box sx={{ minWidth: 0, flex: '1 1 120px' }}>
              <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 600 }}>
                {patient.name}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {fPhone(patient.phone)}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button size="small" variant="outlined" component={RouterLink} to={paths.record(paths.patients, patient.id)}>
                {t('chats.patientRecord')}
              </Button>
              <Button size="small" variant="contained" component={RouterLink} to={`${paths.appointments}?new=1&patientId=${encodeURIComponent(patient.id)}`}>
                {t('chats.bookAppointment')}
              </Button>
            </Box>
          </>
        ) : null}
      </Box>
      {thread.isLoading ? <LinearProgress aria-label={t('chats.loadingMessages')} /> : null}
      {thread.data && items.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', py: 4, flex: 1 }}>
          {t('chats.emptyThread')}
        </Typography>
      ) : (
        <ChatMessageList
          items={items}
          hasEarlier={thread.hasNextPage}
          loadingEarlier={thread.isFetchingNextPage}
          onLoadEarlier={() => void thread.fetchNextPage()}
          onRetry={retry}
        />
      )}
      {thread.data ? <ChatComposer onSend={(text, attachment) => void send(text, attachment)} /> : null}
    </Box>
  );
}
