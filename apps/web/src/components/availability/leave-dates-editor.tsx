import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { fDate } from '@/lib/format';

interface LeaveDatesEditorProps {
  /** YYYY-MM-DD dates. */
  value: readonly string[];
  onChange: (dates: string[]) => void;
  error?: string;
}

/** Leave dates: pick a date and add it; the dates show as chips, each removable. */
export function LeaveDatesEditor({ value, onChange, error }: LeaveDatesEditorProps) {
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
          label="Leave date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 200, maxWidth: 1 }}
        />
        <Button variant="outlined" onClick={add} disabled={!date}>
          Add leave date
        </Button>
      </Box>
      {value.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No leave dates.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Leave dates" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
          {value.map((leave) => (
            <li key={leave}>
              <Chip
                label={fDate(leave)}
                onDelete={() => onChange(value.filter((other) => other !== leave))}
                deleteIcon={<CancelIcon titleAccess={`Remove leave on ${fDate(leave)}`} />}
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
