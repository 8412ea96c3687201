import { appointmentStatuses, type AppointmentStatus } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FilterSelect } from '@/components/records/filter-select';
import { SearchField } from '@/components/records/search-field';
import { useActiveDoctors } from '../api/get-active-doctors';
import { statusLabels } from './appointment-format';
import { quickRanges, type DateRange } from './date-range';

interface AppointmentFiltersProps {
  range: DateRange;
  onRange: (range: DateRange) => void;
  doctorId: string;
  onDoctor: (doctorId: string) => void;
  statuses: AppointmentStatus[];
  onStatuses: (statuses: AppointmentStatus[]) => void;
  search: string;
  onSearch: (search: string) => void;
}

const dateField = { flex: '1 1 140px', minWidth: 0, maxWidth: { md: 170 } } as const;

/** Date range (with Today / Tomorrow / This week), doctor, statuses and the search box. */
export function AppointmentFilters(props: AppointmentFiltersProps) {
  const { range, onRange } = props;
  const doctors = useActiveDoctors();
  const doctorOptions = (doctors.data ?? []).map((doctor) => ({ value: doctor.id, label: doctor.name }));
  return (
    <Box role="search" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label="Quick dates">
        {quickRanges().map(({ label, range: quick }) => {
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
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <SearchField value={props.search} onSearch={props.onSearch} placeholder="Patient, phone or token" />
        <TextField
          type="date"
          size="small"
          label="From"
          value={range.from}
          onChange={(event) => event.target.value && onRange({ from: event.target.value, to: range.to < event.target.value ? event.target.value : range.to })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={dateField}
        />
        <TextField
          type="date"
          size="small"
          label="To"
          value={range.to}
          onChange={(event) => event.target.value && onRange({ from: range.from > event.target.value ? event.target.value : range.from, to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={dateField}
        />
        <FilterSelect label="Doctor" value={props.doctorId} options={doctorOptions} onChange={props.onDoctor} allLabel="All doctors" />
        <TextField
          select
          size="small"
          label="Status"
          value={props.statuses}
          onChange={(event) => {
            const value = event.target.value as unknown as AppointmentStatus[] | string;
            props.onStatuses((typeof value === 'string' ? value.split(',') : value) as AppointmentStatus[]);
          }}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) => {
                const list = selected as AppointmentStatus[];
                return list.length === 0 ? 'All' : list.map((status) => statusLabels[status]).join(', ');
              },
            },
            inputLabel: { shrink: true },
          }}
          sx={{ flex: '1 1 150px', minWidth: 0, maxWidth: { md: 240 } }}
        >
          {appointmentStatuses.map((status) => (
            <MenuItem key={status} value={status}>
              {statusLabels[status]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </Box>
  );
}
