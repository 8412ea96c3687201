import { messageChannelLabels, messageChannels, messageEvents, messageStatuses } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { messageEventLabel, messageStatusText } from '@/components/messages/message-format';
import { FilterSelect, type FilterOption } from '@/components/records/filter-select';
import { useT } from '../i18n';
import type { MessageLogParams } from './use-message-log-params';

// Built as the filters render, so that the options follow a change of language.
const eventOptions = (): FilterOption[] => messageEvents.map((value) => ({ value, label: messageEventLabel(value) }));
const CHANNEL_OPTIONS: readonly FilterOption[] = messageChannels.map((value) => ({ value, label: messageChannelLabels[value] }));
const statusOptions = (): FilterOption[] => messageStatuses.map((value) => ({ value, label: messageStatusText(value) }));

interface MessageLogFiltersProps {
  list: Pick<MessageLogParams, 'filters' | 'narrowed' | 'setFilter' | 'clearFilters'>;
  /** The name of the patient the log is narrowed to, once a row shows it. */
  patientName: string | null;
}

/** Event, channel and status; and the patient, when the log was opened from a patient's record. */
export function MessageLogFilters({ list, patientName }: MessageLogFiltersProps) {
  const t = useT();
  const { event, channel, status, patientId } = list.filters;
  const clearPatient = () => list.setFilter('patientId', '');
  return (
    <Box role="search" aria-label={t('messages.filters')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <FilterSelect label={t('messages.event')} value={event} options={eventOptions()} onChange={(value) => list.setFilter('event', value)} />
      <FilterSelect label={t('messages.channel')} value={channel} options={CHANNEL_OPTIONS} onChange={(value) => list.setFilter('channel', value)} />
      <FilterSelect label={t('messages.status')} value={status} options={statusOptions()} onChange={(value) => list.setFilter('status', value)} />
      {patientId ? <Chip label={patientName ? t('messages.patientFilter', { name: patientName }) : t('messages.patientFilterUnnamed')} onDelete={clearPatient} /> : null}
      {list.narrowed ? (
        <Button onClick={list.clearFilters} color="inherit">
          {t('messages.clearFilters')}
        </Button>
      ) : null}
    </Box>
  );
}
