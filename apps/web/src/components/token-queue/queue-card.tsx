import type { TokenEntry, TokenQueue, TokenQueueAction } from '@caredesk/shared';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useShortcut } from '../shortcuts';
import type { QueueActionInput } from './api';
import { useT, type QueueMessageId } from './i18n';
import { WalkInDialog } from './walk-in-dialog';

interface QueueCardProps {
  queue: TokenQueue;
  busy: boolean;
  onAction: (input: QueueActionInput) => void;
  /** The page shows this queue alone: 'X' calls its next patient. */
  shortcut?: boolean;
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Box sx={{ minWidth: 64 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h6" component="div">
        {value}
      </Typography>
    </Box>
  );
}

function TokenList({ title, entries, action }: { title: string; entries: TokenEntry[]; action?: (entry: TokenEntry) => React.ReactNode }) {
  if (entries.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75 }} component="ul" aria-label={title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {entries.map((entry) => (
          <li key={entry.visitId}>{action ? action(entry) : <EntryChip entry={entry} />}</li>
        ))}
      </Stack>
    </Box>
  );
}

/** A waiting token and its patient; an extra beyond the slots says so beside it. */
function EntryChip({ entry }: { entry: TokenEntry }) {
  const t = useT();
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
      <Chip size="small" label={`${entry.tokenLabel} · ${entry.patientName}`} />
      {entry.overbooked ? <Chip size="small" color="secondary" variant="outlined" label={t('queue.card.extra')} /> : null}
    </Box>
  );
}

/** Under 'Now serving' when no one is: a doctor sees patients, a scanner scans them, a lab tests them. */
export const NO_ONE_SERVED: Record<TokenQueue['resource'], QueueMessageId> = {
  DOCTOR: 'queue.card.noOne.DOCTOR',
  SCAN: 'queue.card.noOne.SCAN',
  TEST: 'queue.card.noOne.TEST',
};

/** One doctor's (scan's) queue today, with the desk's actions. */
export function QueueCard({ queue, busy, onAction, shortcut = false }: QueueCardProps) {
  const t = useT();
  const act = (action: TokenQueueAction, visitId?: string) => onAction({ queueId: queue.id, action, ...(visitId ? { visitId } : {}) });
  const serving = queue.nowServing;
  // The room beside the specialization (category): where the desk sends the called patient.
  const details = [queue.subtitle, queue.room].filter(Boolean).join(' · ');
  const canCall = !busy && Boolean(queue.next || serving);
  const averageWait = queue.averageWaitMinutes === null ? '—' : t('queue.card.minutes', { minutes: Math.round(queue.averageWaitMinutes) });
  useShortcut('x', t('queue.card.shortcut', { name: queue.name }), () => act('call-next'), shortcut && canCall);
  const [walkIn, setWalkIn] = useState(false);
  return (
    <Card variant="outlined" component="section" aria-label={t('queue.card.region', { name: queue.name })}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              {queue.name}
            </Typography>
            {details && (
              <Typography variant="body2" color="text.secondary">
                {details}
              </Typography>
            )}
          </Box>
          <Button variant="outlined" size="small" startIcon={<PersonAddAlt1Outlined />} onClick={() => setWalkIn(true)}>
            {t('queue.card.addWalkIn')}
          </Button>
        </Box>
        <WalkInDialog queue={queue} open={walkIn} onClose={() => setWalkIn(false)} />
        <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-end', flexWrap: 'wrap' }}>
          <Box aria-live="polite">
            <Typography variant="overline" color="text.secondary" component="div">
              {t('queue.card.nowServing')}
            </Typography>
            <Typography variant="h3" component="div" sx={{ fontWeight: 700, lineHeight: 1.1 }} data-testid="now-serving">
              {serving?.tokenLabel ?? '—'}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ minHeight: 20 }}>
              {serving?.patientName ?? t(NO_ONE_SERVED[queue.resource])}
            </Typography>
          </Box>
          <Box>
            <Typography variant="overline" color="text.secondary" component="div">
              {t('queue.card.next')}
            </Typography>
            <Typography variant="h5" component="div" data-testid="next-token">
              {queue.next?.tokenLabel ?? '—'}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Figure label={t('queue.card.waiting')} value={queue.waitingCount} />
          <Figure label={t('queue.card.done')} value={queue.doneCount} />
          <Figure label={t('queue.card.averageWait')} value={averageWait} />
          <Figure label={t('queue.card.notArrived')} value={queue.notArrived.length} />
        </Box>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" disabled={!canCall} onClick={() => act('call-next')} aria-keyshortcuts={shortcut ? 'X' : undefined}>
            {t('queue.card.callNext')}
          </Button>
          <Button variant="outlined" disabled={busy || !serving} onClick={() => act('complete')}>
            {t('queue.card.complete')}
          </Button>
          <Button
            variant="outlined"
            disabled={busy || !queue.next}
            onClick={() => act('skip')}
            aria-label={queue.next ? t('queue.card.skipToken', { token: queue.next.tokenLabel }) : t('queue.card.skipNext')}
          >
            {t('queue.card.skip')}
          </Button>
          {/* Says the token being served again on the display; its name is its text (no aria-label to drift from it). */}
          <Button variant="outlined" disabled={busy || !serving} onClick={() => act('recall')}>
            {t('queue.card.announceAgain')}
          </Button>
          <Button variant="text" disabled={busy || !queue.lastAction} onClick={() => act('undo')}>
            {t('queue.card.undo')}
          </Button>
        </Stack>
        {(queue.waiting.length > 0 || queue.skipped.length > 0) && <Divider />}
        <TokenList title={t('queue.card.waiting')} entries={queue.waiting} />
        <TokenList
          title={t('queue.card.skipped')}
          entries={queue.skipped}
          action={(entry) => (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={t('queue.card.recallChip', { token: entry.tokenLabel })}
              onClick={() => act('recall', entry.visitId)}
              aria-label={t('queue.card.recallToken', { token: entry.tokenLabel })}
              disabled={busy}
            />
          )}
        />
      </CardContent>
    </Card>
  );
}
