import type { TokenQueueKind } from '@caredesk/shared';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import TvOutlined from '@mui/icons-material/TvOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageContainer } from '@/components/page-container';
import { errorMessage } from '@/lib/http';
import { setVoiceEnabled, voiceEnabled } from './announce';
import { useQueueAction, useTokenQueues, type QueueActionInput } from './api';
import { QueueCard } from './queue-card';
import { WaitingRoomDisplay } from './waiting-room-display';

interface TokenQueuePageProps {
  kind: TokenQueueKind;
  title: string;
  emptyMessage: string;
}

const DONE: Record<QueueActionInput['action'], string> = {
  'call-next': 'Called',
  complete: 'Completed',
  skip: 'Skipped',
  recall: 'Recalled',
  undo: 'Undone',
};

/**
 * /appointments/token and /bookings/token: today's queue of every doctor (scan, test) with the
 * desk's actions, and the waiting-room display (?display=1, so a TV can bookmark it).
 */
export function TokenQueuePage({ kind, title, emptyMessage }: TokenQueuePageProps) {
  const queues = useTokenQueues(kind);
  const action = useQueueAction(kind);
  const [params, setParams] = useSearchParams();
  const [voice, setVoice] = useState(voiceEnabled);
  const display = params.get('display') === '1';

  const openDisplay = () => {
    setParams((previous) => new URLSearchParams({ ...Object.fromEntries(previous), display: '1' }));
    // Full screen needs this click; a display opened from a bookmark stays in the window.
    void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  const closeDisplay = () => {
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete('display');
      return next;
    });
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  };
  const run = (input: QueueActionInput) =>
    action.mutate(input, {
      onSuccess: (queue) => {
        const token = input.action === 'call-next' ? queue.nowServing?.tokenLabel : undefined;
        enqueueSnackbar(token ? `Called ${token}` : `${DONE[input.action]}: ${queue.name}`, { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });

  const list = queues.data?.queues ?? [];
  if (display) return <WaitingRoomDisplay kind={kind} queues={list} onExit={closeDisplay} />;

  let body;
  if (queues.error) body = <Alert severity="error">{errorMessage(queues.error)}</Alert>;
  else if (queues.isPending)
    body = (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' } }}>
        {[0, 1].map((key) => (
          <Skeleton key={key} variant="rounded" height={260} />
        ))}
      </Box>
    );
  else if (list.length === 0)
    body = (
      <Card variant="outlined">
        <EmptyState icon={<ConfirmationNumberOutlined />} title="No queue today" description={emptyMessage} />
      </Card>
    );
  else
    body = (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' } }}>
        {list.map((queue) => (
          <QueueCard key={queue.id} queue={queue} busy={action.isPending && action.variables?.queueId === queue.id} onAction={run} />
        ))}
      </Box>
    );

  return (
    <PageContainer
      title={title}
      actions={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel
            control={
              <Switch
                checked={voice}
                onChange={(event) => {
                  setVoice(event.target.checked);
                  setVoiceEnabled(event.target.checked);
                }}
              />
            }
            label="Announce by voice"
          />
          <Button variant="outlined" startIcon={<TvOutlined />} onClick={openDisplay}>
            Open display
          </Button>
        </Box>
      }
    >
      {queues.data && (
        <Alert severity="info" variant="outlined">
          Today, {queues.data.date}: check patients in from the list to add them to the queue.
        </Alert>
      )}
      {body}
    </PageContainer>
  );
}
