import { messageChannelLabels, messageChannels, messageEventLabels, messageEvents, messageStatuses, messageStatusLabels } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { FilterSelect, type FilterOption } from '@/components/records/filter-select';
import type { MessageLogParams } from './use-message-log-params';

const EVENT_OPTIONS: readonly FilterOption[] = messageEvents.map((value) => ({ value, label: messageEventLabels[value] }));
const CHANNEL_OPTIONS: readonly FilterOption[] = messageChannels.map((value) => ({ value, label: messageChannelLabels[value] }));
const STATUS_OPTIONS: readonly FilterOption[] = messageStatuses.map((value) => ({ value, label: messageStatusLabels[value] }));

interface MessageLogFiltersProps {
  list: Pick<MessageLogParams, 'filters' | 'narrowed' | 'setFilter' | 'clearFilters'>;
  /** The name of the patient the log is narrowed to, once a row shows it. */
  patientName: string | null;
}

/** Event, channel and status; and the patient, when the log was opened from a patient's record. */
export function MessageLogFilters({ list, patientName }: MessageLogFiltersProps) {
  const { event, channel, status, patientId } = list.filters;
  return (
    <Box role="search" aria-label="Message log filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <FilterSelect label="Event" value={event} options={EVENT_OPTIONS} onChange={(value) => list.setFilter('event', value)} />
      <FilterSelect label="Channel" value={channel} options={CHANNEL_OPTIONS} onChange={(value) => list.setFilter('channel', value)} />
      <FilterSelect label="Status" value={status} options={STATUS_OPTIONS} onChange={(value) => list.setFilter('status', value)} />
      {patientId ? <Chip label={`Patient: ${patientName ?? 'one patient'}`} onDelete={() => list.setFilter('patientId', '')} /> : null}
      {list.narrowed ? (
        <Button onClick={list.clearFilters} color="inherit">
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}
