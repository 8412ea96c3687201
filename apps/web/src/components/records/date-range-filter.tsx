import TextField from '@mui/material/TextField';
import { useT } from './i18n';

const DATE_FLEX = '1 1 140px';
const dateField = { flex: DATE_FLEX, minWidth: 0, maxWidth: { md: 180 } } as const;

interface DateRangeFilterProps {
  from: string;
  to: string;
  onChange: (key: 'from' | 'to', value: string) => void;
}

/** 'From' and 'To' dates of a list's filters; either end may stay open, neither can cross the other. */
export function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  const t = useT();
  return (
    <>
      <TextField
        type="date"
        size="small"
        label={t('records.from')}
        value={from}
        onChange={(event) => onChange('from', event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
        sx={dateField}
      />
      <TextField
        type="date"
        size="small"
        label={t('records.to')}
        value={to}
        onChange={(event) => onChange('to', event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
        sx={dateField}
      />
    </>
  );
}
