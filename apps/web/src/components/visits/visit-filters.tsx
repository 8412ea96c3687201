import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { SearchField } from '@/components/records/search-field';
import { useOrganisationToday } from '@/lib/organisation-today';
import { quickRanges, type DateRange } from './date-range';
import { statusLabels, type VisitStatus } from './visit-status';
import { useT } from './i18n';

interface VisitFiltersProps<Status extends VisitStatus> {
  range: DateRange;
  onRange: (range: DateRange) => void;
  /** The statuses a visit of this list can have, in order. */
  statusOptions: readonly Status[];
  statuses: Status[];
  onStatuses: (statuses: Status[]) => void;
  search: string;
  onSearch: (search: string) => void;
  /** Only the visits booked in the patient app that await the desk's confirmation. */
  awaitingConfirmation: boolean;
  onAwaitingConfirmation: (on: boolean) => void;
  /** Selects of the list's own (the doctor; the service and its kind), after the dates. */
  children?: ReactNode;
  /** At the end of the row (the list's 'Export CSV'). */
  actions?: ReactNode;
}

const DATE_FLEX = '1 1 140px';
const dateField = { flex: DATE_FLEX, minWidth: 0, maxWidth: { md: 170 } } as const;

/**
 * Date range (with Today / Tomorrow / This week), the 'Awaiting confirmation' toggle, the list's
 * own selects, statuses and the search box.
 */
export function VisitFilters<Status extends VisitStatus>(props: VisitFiltersProps<Status>) {
  const { range, onRange } = props;
  // The quick ranges follow the organisation's today, and move at its midnight.
  const today = useOrganisationToday();
  const t = useT();
  return (
    <Box role="search" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ display: 'contents' }} role="group" aria-label={t('visits.filters.quickDates')}>
          {quickRanges(today).map(({ label, range: quick }) => {
            const selected = quick.from === range.from && quick.to === range.to;
            return (
              <Chip
                key={label}
                label={label}
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                aria-pressed={selected}
                onClick={() => onRange(quick)}
              />
            );
          })}
        </Box>
        {/* Apart from the dates: a toggle that narrows whatever range is shown. */}
        <Chip
          label={t('visits.awaitingConfirmation')}
          color={props.awaitingConfirmation ? 'warning' : 'default'}
          variant={props.awaitingConfirmation ? 'filled' : 'outlined'}
          aria-pressed={props.awaitingConfirmation}
          onClick={() => props.onAwaitingConfirmation(!props.awaitingConfirmation)}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <SearchField value={props.search} onSearch={props.onSearch} placeholder={t('visits.filters.searchPlaceholder')} />
        <TextField
          type="date"
          size="small"
          label={t('visits.filters.from')}
          value={range.from}
          onChange={(event) => event.target.value && onRange({ from: event.target.value, to: range.to < event.target.value ? event.target.value : range.to })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={dateField}
        />
        <TextField
          type="date"
          size="small"
          label={t('visits.filters.to')}
          value={range.to}
          onChange={(event) => event.target.value && onRange({ from: range.from > event.target.value ? event.target.value : range.from, to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={dateField}
        />
        {props.children}
        <TextField
          select
          size="small"
          label={t('visits.filters.status')}
          value={props.statuses}
          onChange={(event) => {
            const value = event.target.value as unknown as Status[] | string;
            props.onStatuses((typeof value === 'string' ? value.split(',') : value) as Status[]);
          }}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) => {
                const list = selected as Status[];
                return list.length === 0 ? t('visits.filters.all') : list.map((status) => statusLabels[status]).join(', ');
              },
            },
            inputLabel: { shrink: true },
          }}
          sx={{ flex: '1 1 150px', minWidth: 0, maxWidth: { md: 240 } }}
        >
          {props.statusOptions.map((status) => (
            <MenuItem key={status} value={status}>
              {statusLabels[status]}
            </MenuItem>
          ))}
        </TextField>
        {props.actions}
      </Box>
    </Box>
  );
}
