import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { fDate } from '@/lib/format';
import { useT } from './i18n';

interface LeaveDatesEditorProps {
  /** YYYY-MM-DD dates. */
  value: readonly string[];
  onChange: (dates: string[]) => void;
  error?: string;
}

/** Leave dates: pick a date and add it; the dates show as chips, each removable. */
export function LeaveDatesEditor({ value, onChange, error }: LeaveDatesEditorProps) {
  const t = useT();
  const [date, setDate] = useState('');
  const add = () => {
    if (!date) return;
    if (!value.includes(date)) onChange([...value, date].sort());
    setDate('');
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          type="date"
          size="small"
          label={t('availability.leave.date')}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 200, maxWidth: 1 }}
        />
        <Button variant="outlined" onClick={add} disabled={!date}>
          {t('availability.leave.add')}
        </Button>
      </Box>
      {value.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('availability.leave.none')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('availability.leave.list')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
          {value.map((leave) => (
            <li key={leave}>
              <Chip
                label={fDate(leave)}
                onDelete={() => onChange(value.filter((other) => other !== leave))}
                deleteIcon={<CancelIcon titleAccess={t('availability.leave.remove', { date: fDate(leave) })} />}
              />
            </li>
          ))}
        </Box>
      )}
      {error ? (
        <Typography role="alert" variant="caption" sx={{ color: 'error.main' }}>
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}
