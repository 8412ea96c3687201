import { type AvailabilityWindow } from '@caredesk/shared';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WindowErrors } from './availability-utils';
import { useT, weekdayName } from './i18n';

interface DayWindowsProps {
  weekday: number;
  /** What the group is called, when not its weekday (one date's hours: 'Mon 12 Jan'). */
  label?: string;
  /** This day's windows with their index in the whole schedule (errors are keyed by it). */
  windows: { window: AvailabilityWindow; index: number }[];
  errors: WindowErrors;
  disabled?: boolean;
  onChange: (index: number, change: Partial<AvailabilityWindow>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** Offers 'Copy … to…' when given (the weekly editor). */
  onCopy?: () => void;
}

// Phones fit two time inputs and a remove button on a row only with slimmer padding.
const timeInputSx = { flex: 1, minWidth: 0, maxWidth: 180, '& .MuiInputBase-input': { px: { xs: 1, sm: 1.75 } } } as const;

/** One weekday of the availability editor: its windows as start/end time inputs. */
export function DayWindows({ weekday, label, windows, errors, disabled, onChange, onAdd, onRemove, onCopy }: DayWindowsProps) {
  const t = useT();
  const day = label ?? weekdayName(t, weekday);
  return (
    <Box
      role="group"
      aria-label={day}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '120px 1fr' },
        gap: { xs: 1, sm: 2 },
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="subtitle2" sx={{ pt: { sm: 1 } }}>
        {day}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
        {windows.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', pt: { sm: 1 } }}>
            {t('availability.notAvailable')}
          </Typography>
        ) : null}
        {windows.map(({ window, index }, position) => {
          const which = { day, number: position + 1 };
          const error = errors[index];
          return (
            <Box key={index} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <TextField
                type="time"
                size="small"
                label={t('availability.window.start')}
                value={window.start}
                disabled={disabled}
                onChange={(event) => onChange(index, { start: event.target.value })}
                error={Boolean(error?.start)}
                helperText={error?.start}
                slotProps={{ htmlInput: { 'aria-label': t('availability.window.startOf', which) }, inputLabel: { shrink: true } }}
                sx={timeInputSx}
              />
              <TextField
                type="time"
                size="small"
                label={t('availability.window.end')}
                value={window.end}
                disabled={disabled}
                onChange={(event) => onChange(index, { end: event.target.value })}
                error={Boolean(error?.end)}
                helperText={error?.end}
                slotProps={{ htmlInput: { 'aria-label': t('availability.window.endOf', which) }, inputLabel: { shrink: true } }}
                sx={timeInputSx}
              />
              <IconButton aria-label={t('availability.window.remove', which)} onClick={() => onRemove(index)} disabled={disabled}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Box>
          );
        })}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" startIcon={<AddIcon />} onClick={onAdd} disabled={disabled} aria-label={t('availability.window.addFor', { day })}>
            {t('availability.window.add')}
          </Button>
          {windows.length > 0 && onCopy ? (
            <Button size="small" color="inherit" startIcon={<ContentCopyOutlined />} onClick={onCopy} disabled={disabled}>
              {t('availability.copy.title', { day })}
            </Button>
          ) : null}
        </Box>
      </Box>
    </Box>
  );
}
