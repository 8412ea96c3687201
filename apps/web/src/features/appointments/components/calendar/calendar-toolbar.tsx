import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FilterOption } from '@/components/records/filter-select';
import { useT } from '../../i18n';

interface CalendarToolbarProps {
  unit: 'day' | 'week';
  title: string;
  date: string;
  onStep: (step: -1 | 1) => void;
  onToday: () => void;
  onDate: (date: string) => void;
  doctorId: string;
  doctors: readonly FilterOption[];
  /** The day view's "every doctor" entry; a week is always one doctor's, so it has none. */
  allDoctorsLabel?: string;
  onDoctor: (doctorId: string) => void;
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- CSS flex sizes
const field = { flex: '1 1 150px', minWidth: 0, maxWidth: { md: 220 } } as const;

/** Previous / Today / Next, the shown dates as a heading, a date to jump to, and the doctor. */
export function CalendarToolbar(props: CalendarToolbarProps) {
  const t = useT();
  const { unit } = props;
  const known = props.doctorId === '' || props.doctors.some((doctor) => doctor.value === props.doctorId);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <IconButton aria-label={unit === 'day' ? t('appointments.calendar.previousDay') : t('appointments.calendar.previousWeek')} onClick={() => props.onStep(-1)}>
          <ChevronLeft />
        </IconButton>
        <Button variant="outlined" size="small" onClick={props.onToday}>
          {t('appointments.calendar.today')}
        </Button>
        <IconButton aria-label={unit === 'day' ? t('appointments.calendar.nextDay') : t('appointments.calendar.nextWeek')} onClick={() => props.onStep(1)}>
          <ChevronRight />
        </IconButton>
      </Box>
      <Typography variant="h6" component="h2" sx={{ flex: '1 1 200px', minWidth: 0 }}>
        {props.title}
      </Typography>
      <TextField
        type="date"
        size="small"
        label={t('appointments.calendar.date')}
        value={props.date}
        onChange={(event) => event.target.value && props.onDate(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={field}
      />
      <TextField
        select
        size="small"
        label={t('appointments.calendar.doctor')}
        value={known ? props.doctorId : ''}
        onChange={(event) => props.onDoctor(event.target.value)}
        // '' is "All doctors" in a day: show it rather than an empty box.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={field}
      >
        {props.allDoctorsLabel === undefined ? null : <MenuItem value="">{props.allDoctorsLabel}</MenuItem>}
        {props.doctors.map((doctor) => (
          <MenuItem key={doctor.value} value={doctor.value}>
            {doctor.label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
