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
import { enqueueSnackbar } from '@/components/toast';
import { useState } from 'react';
import { useHref, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { FacilityFilter } from '@/components/facility-select';
import { PageContainer } from '@/components/page-container';
import { FilterSelect } from '@/components/records/filter-select';
import { fDate } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useOrganisationToday } from '@/lib/organisation-today';
import { useQueueAction, useTokenQueues, type QueueActionInput, type TokenQueueFilters } from './api';
import { useT, type QueueMessageId } from './i18n';
import { QueueCard } from './queue-card';
import { VoiceSettings } from './voice-settings';
import { WaitingRoomDisplay } from './waiting-room-display';

interface TokenQueuePageProps {
  kind: TokenQueueKind;
  title: string;
  emptyMessage: string;
}

/** The toast after an action on a queue: 'Completed: Dr. Meera Joshi'. */
const DONE: Record<QueueActionInput['action'], QueueMessageId> = {
  'call-next': 'queue.toast.call-next',
  complete: 'queue.toast.complete',
  skip: 'queue.toast.skip',
  recall: 'queue.toast.recall',
  undo: 'queue.toast.undo',
};

/** 'Announce again' is a recall without a token: the toast says what the desk asked for. */
const ANNOUNCED_AGAIN: QueueMessageId = 'queue.toast.announcedAgain';

/**
 * The filters live in the URL, so a desk or a waiting-room screen can be bookmarked per room or
 * floor: ?facility=<id>&doctor=<id> (&service=<id> for scans and tests) &withPatients=1.
 */
const WITH_PATIENTS = 'withPatients';
export const QUEUE_URL_KEYS = { facility: 'facility', withPatients: WITH_PATIENTS } as const;
export const ownerUrlKey = (kind: TokenQueueKind) => (kind === 'doctors' ? 'doctor' : 'service');

const WORDS: Record<TokenQueueKind, { owner: QueueMessageId; allOwners: QueueMessageId; withPatients: QueueMessageId }> = {
  doctors: { owner: 'queue.filter.doctor', allOwners: 'queue.filter.allDoctors', withPatients: 'queue.filter.doctorsWithPatients' },
  services: { owner: 'queue.filter.service', allOwners: 'queue.filter.allServices', withPatients: 'queue.filter.servicesWithPatients' },
};

function filtersOf(kind: TokenQueueKind, params: URLSearchParams): TokenQueueFilters {
  return {
    facilityId: params.get(QUEUE_URL_KEYS.facility) || undefined,
    ownerId: params.get(ownerUrlKey(kind)) || undefined,
    withPatients: params.get(QUEUE_URL_KEYS.withPatients) === '1',
  };
}

/**
 * /appointments/token and /bookings/token: today's queue of every doctor (scan, test) with the
 * desk's actions, and the waiting-room display (?display=1 with the same filters), which the desk
 * opens in a window of its own and keeps its controls. "Today" is the organisation's and rolls
 * over at its midnight while the page is open.
 */
export function TokenQueuePage({ kind, title, emptyMessage }: TokenQueuePageProps) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const today = useOrganisationToday();
  const filters = filtersOf(kind, params);
  const queues = useTokenQueues(kind, today, filters);
  const action = useQueueAction(kind);
  const t = useT();
  const display = params.get('display') === '1';
  const words = WORDS[kind];

  // The switch follows the URL, but shows a click at once: the router changes the URL in an
  // asynchronous navigation, and until then a switch bound to the URL alone springs back under
  // the person's finger. A URL changed otherwise (Clear filters, Back) resets it.
  const urlWithPatients = Boolean(filters.withPatients);
  const [withPatientsSwitch, setWithPatientsSwitch] = useState({ fromUrl: urlWithPatients, checked: urlWithPatients });
  if (withPatientsSwitch.fromUrl !== urlWithPatients) setWithPatientsSwitch({ fromUrl: urlWithPatients, checked: urlWithPatients });

  const displayParams = new URLSearchParams(params);
  displayParams.set('display', '1');
  const displayHref = useHref({ pathname: location.pathname, search: `?${displayParams.toString()}` });

  /** Sets (or, for '' / null, removes) URL filters, replacing the entry: a filter is no page to go back to. */
  const setFilters = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const closeDisplay = () => {
    setFilters({ display: null });
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  };
  const run = (input: QueueActionInput) =>
    action.mutate(input, {
      onSuccess: (queue) => {
        const token = input.action === 'call-next' ? queue.nowServing?.tokenLabel : undefined;
        const done = input.action === 'recall' && !input.visitId ? ANNOUNCED_AGAIN : DONE[input.action];
        enqueueSnackbar(token ? t('queue.toast.calledToken', { token }) : t(done, { queue: queue.name }), { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });

  const list = queues.data?.queues ?? [];
  const language = queues.data?.language ?? 'en';
  if (display) return <WaitingRoomDisplay kind={kind} queues={list} language={language} onExit={closeDisplay} />;

  const filtered = Boolean(filters.facilityId || filters.ownerId || filters.withPatients);
  const clearFilters = () => setFilters({ [QUEUE_URL_KEYS.facility]: null, [ownerUrlKey(kind)]: null, [QUEUE_URL_KEYS.withPatients]: null });
  let body;
  if (queues.error)
    body = (
      <Alert
        severity="error"
        action={
          filtered ? (
            <Button color="inherit" size="small" onClick={clearFilters}>
              {t('queue.clearFilters')}
            </Button>
          ) : undefined
        }
      >
        {errorMessage(queues.error)}
      </Alert>
    );
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
        <EmptyState
          icon={<ConfirmationNumberOutlined />}
          title={t('queue.empty.title')}
          description={filtered ? t('queue.empty.filtered') : emptyMessage}
          action={
            filtered ? (
              <Button variant="outlined" onClick={clearFilters}>
                {t('queue.clearFilters')}
              </Button>
            ) : undefined
          }
        />
      </Card>
    );
  else
    body = (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' } }}>
        {list.map((queue) => (
          <QueueCard key={queue.id} queue={queue} busy={action.isPending && action.variables?.queueId === queue.id} onAction={run} shortcut={list.length === 1} />
        ))}
      </Box>
    );

  const ownerOptions = (queues.data?.owners ?? []).map((owner) => ({ value: owner.id, label: owner.name }));
  return (
    <PageContainer
      title={title}
      actions={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <VoiceSettings language={language} />
          {/* A window of its own (a TV's browser): the desk keeps its controls here. */}
          <Button variant="outlined" startIcon={<TvOutlined />} component="a" href={displayHref} target="_blank" rel="noopener">
            {t('queue.openDisplay')}
          </Button>
        </Box>
      }
    >
      <Box role="search" aria-label={t('queue.filters')} sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {/* A new facility has other doctors: the doctor chosen in the old one is dropped. */}
        <FacilityFilter value={filters.facilityId ?? ''} onChange={(facilityId) => setFilters({ [QUEUE_URL_KEYS.facility]: facilityId, [ownerUrlKey(kind)]: null })} />
        <FilterSelect
          label={t(words.owner)}
          value={filters.ownerId ?? ''}
          options={ownerOptions}
          allLabel={t(words.allOwners)}
          onChange={(ownerId) => setFilters({ [ownerUrlKey(kind)]: ownerId })}
        />
        <FormControlLabel
          control={
            <Switch
              checked={withPatientsSwitch.checked}
              onChange={(event) => {
                setWithPatientsSwitch({ fromUrl: urlWithPatients, checked: event.target.checked });
                setFilters({ [QUEUE_URL_KEYS.withPatients]: event.target.checked ? '1' : null });
              }}
            />
          }
          label={t(words.withPatients)}
        />
      </Box>
      {queues.data && (
        <Alert severity="info" variant="outlined">
          {t('queue.banner', { date: fDate(queues.data.date), rule: t('queue.orderRule') })}
        </Alert>
      )}
      {body}
    </PageContainer>
  );
}
