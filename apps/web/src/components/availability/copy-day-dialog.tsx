import { WEEKDAYS_FROM_MONDAY } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { useState } from 'react';
import { useT, weekdayName } from './i18n';

const WORKING_DAYS = [1, 2, 3, 4, 5];

interface CopyDayDialogProps {
  /** The weekday being copied (0 = Sunday), or null when closed. */
  from: number | null;
  onCopy: (to: number[]) => void;
  onClose: () => void;
}

/** Chooses the days that get a copy of one day's windows (replacing theirs). */
export function CopyDayDialog({ from, onCopy, onClose }: CopyDayDialogProps) {
  const t = useT();
  const [chosen, setChosen] = useState<number[]>([]);
  const others = WEEKDAYS_FROM_MONDAY.filter((day) => day !== from);
  const toggle = (day: number) => setChosen((current) => (current.includes(day) ? current.filter((value) => value !== day) : [...current, day]));
  const close = () => {
    setChosen([]);
    onClose();
  };
  const name = from === null ? '' : weekdayName(t, from);
  return (
    <Dialog open={from !== null} onClose={close} maxWidth="xs" fullWidth aria-labelledby="copy-day-title">
      <DialogTitle id="copy-day-title">{t('availability.copy.title', { day: name })}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" onClick={() => setChosen(WORKING_DAYS.filter((day) => day !== from))}>
            {t('availability.copy.allWeekdays')}
          </Button>
          <Button size="small" variant="outlined" onClick={() => setChosen([...others])}>
            {t('availability.copy.everyDay')}
          </Button>
        </Box>
        <FormGroup>
          {others.map((day) => (
            <FormControlLabel key={day} label={weekdayName(t, day)} control={<Checkbox checked={chosen.includes(day)} onChange={() => toggle(day)} />} />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={close}>
          {t('availability.copy.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={chosen.length === 0}
          onClick={() => {
            onCopy(chosen);
            setChosen([]);
          }}
        >
          {t('availability.copy.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
