import type { TokenQueue, TokenQueueKind } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Clock } from '@/components/clock';
import { useLiveConnectionState, useLiveEvent } from '@/lib/events';
import { playChime, speak, spokenToken, voiceEnabled } from './announce';

interface WaitingRoomDisplayProps {
  kind: TokenQueueKind;
  queues: TokenQueue[];
  /** Escape (or the browser's Back) leaves the display: it has no controls of its own. */
  onExit: () => void;
}

const FLASH_MS = 8000;

/** 'Dr. Meera Joshi, Room 4, ground floor': who, and where the called patient goes. */
const whereTo = (queue: TokenQueue) => [queue.name, queue.room].filter(Boolean).join(', ');

/**
 * The waiting-room screen: large, high-contrast tokens per doctor (scan), no controls. It follows
 * the live channel: a called token chimes, is read out (when voice is on) and flashes. It shows
 * the queues its URL's filters choose (a screen per room or floor).
 */
export function WaitingRoomDisplay({ kind, queues, onExit }: WaitingRoomDisplayProps) {
  const connection = useLiveConnectionState();
  const [flash, setFlash] = useState<{ queueId: string; until: number } | null>(null);

  useLiveEvent('token.updated', (event) => {
    const queueId = kind === 'doctors' ? event.doctorId : event.serviceId;
    if (!event.calledToken || !queueId) return;
    const queue = queues.find((item) => item.id === queueId);
    setFlash({ queueId, until: Date.now() + FLASH_MS });
    playChime();
    if (voiceEnabled()) speak(`${spokenToken(event.calledToken)}${queue ? `, please go to ${whereTo(queue)}` : ''}`);
  });

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), flash.until - Date.now());
    return () => clearTimeout(timer);
  }, [flash]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onExit();
    };
    // Opened in a window of its own, the display cannot go full screen by itself: a click (or a
    // TV remote's OK) anywhere on it does, as browsers allow only after a gesture.
    const onClick = () => {
      if (!document.fullscreenElement) void document.documentElement.requestFullscreen?.().catch(() => undefined);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('click', onClick);
    };
  }, [onExit]);

  const shown = queues.filter((queue) => queue.nowServing || queue.waitingCount > 0 || queue.doneCount > 0);
  const tiles = shown.length > 0 ? shown : queues;
  return (
    <Box
      role="region"
      aria-label="Waiting room display"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        bgcolor: '#000',
        color: '#fff',
        p: { xs: 2, md: 4 },
        overflow: 'auto',
        display: 'flex',
        flexDirection: 'column',
        gap: 3,
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" sx={{ fontSize: { xs: 28, md: 44 }, fontWeight: 700 }}>
          Now serving
        </Typography>
        <Box sx={{ fontSize: { xs: 20, md: 32 }, color: '#ffd600' }}>
          <Clock />
        </Box>
      </Box>
      {connection === 'reconnecting' && (
        <Typography role="status" sx={{ color: '#ffab40', fontSize: 20 }}>
          Reconnecting… the tokens below update as soon as the connection is back.
        </Typography>
      )}
      {tiles.length === 0 && <Typography sx={{ fontSize: 32 }}>No queue today.</Typography>}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(360px, 1fr))' } }}>
        {tiles.map((queue) => {
          const flashing = flash?.queueId === queue.id;
          return (
            <Box
              key={queue.id}
              component="section"
              aria-label={queue.name}
              sx={{
                border: '3px solid',
                borderColor: flashing ? '#ffd600' : '#424242',
                borderRadius: 3,
                p: { xs: 2, md: 3 },
                bgcolor: flashing ? '#212100' : '#111',
                transition: 'background-color 300ms',
              }}
            >
              <Typography component="h2" sx={{ fontSize: { xs: 24, md: 34 }, fontWeight: 600 }}>
                {queue.name}
              </Typography>
              {queue.room && (
                <Typography data-testid="display-room" sx={{ fontSize: { xs: 20, md: 28 } }}>
                  {queue.room}
                </Typography>
              )}
              <Typography sx={{ fontSize: { xs: 18, md: 24 }, color: '#bdbdbd' }}>Now serving</Typography>
              <Typography data-testid="display-token" sx={{ fontSize: { xs: 96, md: 160 }, lineHeight: 1, fontWeight: 800, color: '#ffd600', fontVariantNumeric: 'tabular-nums' }}>
                {queue.nowServing?.tokenLabel ?? '—'}
              </Typography>
              <Typography sx={{ fontSize: { xs: 22, md: 30 }, mt: 1 }}>
                Next: <strong>{queue.next?.tokenLabel ?? '—'}</strong>
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
