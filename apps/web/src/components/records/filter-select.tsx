import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { t, useT } from './i18n';

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterSelectProps {
  label: string;
  /** '' selects the "All" entry (no filter). */
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  /** The text of the no-filter entry; 'All' by default. */
  allLabel?: string;
}

/** A compact select for a list toolbar; its first entry clears the filter. */
export function FilterSelect({ label, value, options, onChange, allLabel }: FilterSelectProps) {
  const t = useT();
  const known = value === '' || options.some((option) => option.value === value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ flex: '1 1 150px', minWidth: 0, maxWidth: { md: 220 } }}
    >
      <MenuItem value="">{allLabel ?? t('records.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The options of an active/inactive filter ('' = all); labels read when rendered, in the language of that moment. */
export const ACTIVE_FILTER_OPTIONS: readonly FilterOption[] = [
  {
    value: 'true',
    get label() {
      return t('records.active');
    },
  },
  {
    value: 'false',
    get label() {
      return t('records.inactive');
    },
  },
];

/** Plain strings as options whose label is the value itself. */
export function toFilterOptions(values: readonly string[]): FilterOption[] {
  return values.map((value) => ({ value, label: value }));
}
