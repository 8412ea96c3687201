import type { TokenEntry, TokenQueue, TokenQueueAction } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageContainer } from '@/components/page-container';
import { enqueueSnackbar } from '@/components/toast';
import { errorMessage } from '@/lib/http';
import { useOrganisationToday } from '@/lib/organisation-today';
import { useConsultingAction, useConsultingQueue } from '../api/consulting';
import { ConsultingPatientPanel } from '../components/consulting-patient-panel';
import { useT } from '../i18n';

/** Today's patients in the order the queue will call them: the one with the doctor, waiting, skipped, not arrived yet. */
function TodayList({ queue, selected, onOpen }: { queue: TokenQueue; selected: string | undefined; onOpen: (entry: TokenEntry) => void }) {
  const t = useT();
  const groups: { title: string; entries: TokenEntry[] }[] = [
    { title: t('consulting.list.withYou'), entries: queue.nowServing ? [queue.nowServing] : [] },
    { title: t('consulting.list.waiting'), entries: queue.waiting },
    { title: t('consulting.list.skipped'), entries: queue.skipped },
    { title: t('consulting.list.notArrived'), entries: queue.notArrived },
  ].filter((group) => group.entries.length > 0);
  return (
    <Card variant="outlined" component="section" aria-label={t('consulting.list.title')}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography variant="h6" component="h2">
          {t('consulting.list.title')}
        </Typography>
        {groups.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('consulting.list.empty')}
          </Typography>
        ) : (
          groups.map((group) => (
            <Box key={group.title}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                {group.title}
              </Typography>
              <Stack component="ul" aria-label={group.title} sx={{ listStyle: 'none', m: 0, p: 0, gap: 0.75 }}>
                {group.entries.map((entry) => (
                  <li key={entry.visitId}>
                    <Button
                      fullWidth
                      variant={entry.visitId === selected ? 'contained' : 'outlined'}
                      color="inherit"
                      aria-pressed={entry.visitId === selected}
                      onClick={() => onOpen(entry)}
                      sx={{ justifyContent: 'flex-start', textAlign: 'start', gap: 1, textTransform: 'none' }}
                    >
                      <Box component="span" sx={{ fontWeight: 700, minWidth: 56 }}>
                        {entry.tokenLabel}
                      </Box>
                      <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                        {entry.patientName}
                      </Box>
                      {entry.walkIn ? <Chip size="small" variant="outlined" label={t('consulting.list.walkIn')} /> : null}
                    </Button>
                  </li>
                ))}
              </Stack>
            </Box>
          ))
        )}
      </CardContent>
    </Card>
  );
}

/**
 * A doctor's own screen (issue #21): today's patients in queue order, the one with them and that
 * patient's history and reports, and 'Call next' and 'Complete' from the consulting room. The
 * desk and the waiting-room display follow each press live, as they do the desk's own.
 */
export default function ConsultingPage() {
  const t = useT();
  const today = useOrganisationToday();
  const queue = useConsultingQueue(today);
  const action = useConsultingAction(today);
  const [opened, setOpened] = useState<string | undefined>();
  const serving = queue.data?.nowServing ?? null;
  const inQueue = (visitId: string | undefined) =>
    Boolean(visitId && queue.data && [queue.data.nowServing, ...queue.data.waiting, ...queue.data.skipped, ...queue.data.notArrived].some((entry) => entry?.visitId === visitId));
  // The patient shown: the one opened from the list while still in today's queue, else the one with the doctor.
  const shown = inQueue(opened) ? opened : serving?.visitId;
  const act = (name: TokenQueueAction) =>
    action.mutate(name, {
      onSuccess: () => setOpened(undefined),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });

  return (
    <PageContainer title={t('consulting.title')}>
      {queue.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : queue.isError ? (
        <Alert severity="warning">{errorMessage(queue.error)}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' }}>
          <Stack sx={{ gap: 2, minWidth: 0 }}>
            <Card variant="outlined" component="section" aria-label={t('consulting.room', { name: queue.data.name })}>
              <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
                <Box>
                  <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                    {queue.data.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[queue.data.subtitle, queue.data.room].filter(Boolean).join(' · ')}
                  </Typography>
                </Box>
                <Box aria-live="polite">
                  <Typography variant="overline" color="text.secondary" component="div">
                    {t('consulting.withYou')}
                  </Typography>
                  <Typography variant="h3" component="div" sx={{ fontWeight: 700, lineHeight: 1.1 }}>
                    {serving?.tokenLabel ?? '—'}
                  </Typography>
                  <Typography variant="body1" sx={{ minHeight: 24, overflowWrap: 'anywhere' }}>
                    {serving?.patientName ?? t('consulting.noOne')}
                  </Typography>
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {t('consulting.counts', { waiting: queue.data.waitingCount, done: queue.data.doneCount })}
                </Typography>
                <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <Button variant="contained" disabled={action.isPending || !(queue.data.next || serving)} onClick={() => act('call-next')}>
                    {t('consulting.callNext')}
                  </Button>
                  <Button variant="outlined" disabled={action.isPending || !serving} onClick={() => act('complete')}>
                    {t('consulting.complete')}
                  </Button>
                  <Button variant="text" disabled={action.isPending || !queue.data.lastAction} onClick={() => act('undo')}>
                    {t('consulting.undo')}
                  </Button>
                </Stack>
              </CardContent>
            </Card>
            <TodayList queue={queue.data} selected={shown} onOpen={(entry) => setOpened(entry.visitId)} />
          </Stack>
          <ConsultingPatientPanel visitId={shown} />
        </Box>
      )}
    </PageContainer>
  );
}
