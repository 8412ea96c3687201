import type { Language, TokenQueue, TokenQueueKind } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Clock } from '@/components/clock';
import type { MessageValues, Translate } from '@/i18n/use-t';
import { useLiveConnectionState, useLiveEvent } from '@/lib/events';
import { currentVoices, planAnnouncement, playChime, speak, spokenCall, voiceChoice, voiceEnabled, wantedLanguage } from './announce';
import { inEnglish, useLocalTranslator, type QueueMessageId } from './i18n';

interface WaitingRoomDisplayProps {
  kind: TokenQueueKind;
  queues: TokenQueue[];
  /** The organisation's own language: every text in English and in it (English alone when it is English). */
  language: Language;
  /** Escape (or the browser's Back) leaves the display: it has no controls of its own. */
  onExit: () => void;
}

const FLASH_MS = 8000;

/** 'Dr. Meera Joshi, Room 4, ground floor': who, and where the called patient goes. */
const whereTo = (queue: TokenQueue) => [queue.name, queue.room].filter(Boolean).join(', ');

interface BilingualProps extends Omit<TypographyProps, 'children'> {
  id: QueueMessageId;
  values?: MessageValues;
  local: { language: Language; translate: Translate<QueueMessageId> } | null;
}

/**
 * A text in English, with the organisation's language below it, marked with its `lang` (screen
 * readers pick the right voice, the browser the script's font). The second line is a little
 * smaller, so the English keeps its place for those who read it.
 */
function Bilingual({ id, values, local, sx, ...props }: BilingualProps) {
  return (
    <>
      <Typography {...props} sx={sx}>
        {inEnglish(id, values)}
      </Typography>
      {local && (
        <Typography {...props} lang={local.language} sx={[{ fontSize: '0.8em', opacity: 0.9 }, ...(Array.isArray(sx) ? sx : [sx])]}>
          {local.translate(id, values)}
        </Typography>
      )}
    </>
  );
}

/** The same inside one element (a heading): the local language's line a span of its own with its lang. */
function BilingualLines({ id, local }: Pick<BilingualProps, 'id' | 'local'>) {
  return (
    <>
      {inEnglish(id)}
      {local && (
        <Box component="span" lang={local.language} sx={{ display: 'block', fontSize: '0.8em' }}>
          {local.translate(id)}
        </Box>
      )}
    </>
  );
}

/**
 * The waiting-room screen: large, high-contrast tokens per doctor (scan), no controls. It follows
 * the live channel: a called token chimes, is read out (when voice is on, in the language the desk
 * chose where this device has a voice for it, else in English) and flashes with its call written
 * in both languages. It shows the queues its URL's filters choose (a screen per room or floor).
 * Its texts are English and the organisation's language whatever the console's language is.
 */
export function WaitingRoomDisplay({ kind, queues, language, onExit }: WaitingRoomDisplayProps) {
  const connection = useLiveConnectionState();
  const [flash, setFlash] = useState<{ queueId: string; token: string; until: number } | null>(null);
  const translate = useLocalTranslator(language);
  const local = translate ? { language, translate } : null;

  useLiveEvent('token.updated', (event) => {
    const queueId = kind === 'doctors' ? event.doctorId : event.serviceId;
    if (!event.calledToken || !queueId) return;
    const queue = queues.find((item) => item.id === queueId);
    setFlash({ queueId, token: event.calledToken, until: Date.now() + FLASH_MS });
    playChime();
    if (!voiceEnabled()) return;
    const wanted = wantedLanguage(voiceChoice(), language);
    // Its catalogue still loading (the first seconds of the screen), the call is said in English.
    const ready = wanted === 'en' || translate !== null;
    // The voices read now, not at the first render: a device's voices may arrive after the page.
    const plan = planAnnouncement(ready ? wanted : 'en', currentVoices());
    const say = plan.kind === 'spoken' && plan.language !== 'en' && translate ? translate : inEnglish;
    speak(spokenCall(say, event.calledToken, queue ? whereTo(queue) : undefined), plan);
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
      aria-label={inEnglish('queue.display.region')}
      // English, whatever the console's language: the local-language lines carry their own lang.
      lang="en"
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
        <Typography component="h1" sx={{ fontSize: { xs: 28, md: 44 }, fontWeight: 700, lineHeight: 1.2 }}>
          <BilingualLines id="queue.display.nowServing" local={local} />
        </Typography>
        <Box sx={{ fontSize: { xs: 20, md: 32 }, color: '#ffd600' }}>
          <Clock dateColor="inherit" />
        </Box>
      </Box>
      {connection === 'reconnecting' && (
        <Box role="status" sx={{ color: '#ffab40', fontSize: 20 }}>
          <Bilingual id="queue.display.reconnecting" local={local} sx={{ fontSize: 'inherit' }} />
        </Box>
      )}
      {tiles.length === 0 && (
        <Box sx={{ fontSize: 32 }}>
          <Bilingual id="queue.display.empty" local={local} sx={{ fontSize: 'inherit' }} />
        </Box>
      )}
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
              <Box sx={{ fontSize: { xs: 18, md: 24 }, color: '#bdbdbd' }}>
                <Bilingual id="queue.display.nowServing" local={local} sx={{ fontSize: 'inherit' }} />
              </Box>
              <Typography data-testid="display-token" sx={{ fontSize: { xs: 96, md: 160 }, lineHeight: 1, fontWeight: 800, color: '#ffd600', fontVariantNumeric: 'tabular-nums' }}>
                {queue.nowServing?.tokenLabel ?? '—'}
              </Typography>
              {flashing && flash && (
                // The call as it is announced, for those who cannot hear it: English and the local language.
                <Box data-testid="display-call" sx={{ fontSize: { xs: 20, md: 28 }, color: '#ffd600', fontWeight: 600, mt: 1 }}>
                  <Bilingual id="queue.display.call" values={{ token: flash.token, place: whereTo(queue) }} local={local} sx={{ fontSize: 'inherit', fontWeight: 'inherit' }} />
                </Box>
              )}
              <Typography sx={{ fontSize: { xs: 22, md: 30 }, mt: 1 }}>
                {inEnglish('queue.display.next')} <strong>{queue.next?.tokenLabel ?? '—'}</strong>
                {local && (
                  <Box component="span" lang={local.language} sx={{ display: 'block', fontSize: '0.8em' }}>
                    {local.translate('queue.display.next')} <strong>{queue.next?.tokenLabel ?? '—'}</strong>
                  </Box>
                )}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
