import { seriesUnits } from '@caredesk/shared';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useId } from 'react';
import type { VisitKind } from '../api/get-same-day-visits';
import { VisitDateField } from '../visit-date-field';
import { fVisitDate } from '../visit-format';
import { repeatPlanOf, type RepeatPlan } from './repeat-plan';
import { useT } from './i18n';

interface RepeatFieldsProps {
  /** Appointments or bookings: the hint names what each kind repeats. */
  kind: VisitKind;
  value: RepeatPlan;
  onChange: (next: RepeatPlan) => void;
  /** The first visit's day: the series starts there. */
  startDate: string;
  /** The first visit's slot, once chosen: every visit is at that time. */
  startTime: string | null;
}

/**
 * 'Repeat' under a new visit (off by default): every N days or weeks, a number of visits or a
 * last date, and the dates it makes. Refused as the server refuses it, on the field to change.
 */
export function RepeatFields({ kind, value, onChange, startDate, startTime }: RepeatFieldsProps) {
  const t = useT();
  const endsLabel = useId();
  const set = (change: Partial<RepeatPlan>) => onChange({ ...value, ...change });
  const planned = value.on && startDate ? repeatPlanOf(value, startDate) : null;
  const problem = planned && 'problem' in planned ? planned.problem : null;
  const errorOf = (field: string) => (problem?.field === field ? problem.message : undefined);
  const n = Number(value.n) || 1;
  return (
    <Box component="section" aria-label={t('series.repeat')}>
      <FormControlLabel control={<Switch checked={value.on} onChange={(event) => set({ on: event.target.checked })} />} label={t('series.repeat')} />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {kind === 'bookings' ? t('series.repeatHint.bookings') : t('series.repeatHint')}
      </Typography>
      {value.on ? (
        <Stack spacing={2} sx={{ mt: 2 }}>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <TextField
              label={t('series.every')}
              type="number"
              size="small"
              value={value.n}
              onChange={(event) => set({ n: event.target.value })}
              error={Boolean(errorOf('n'))}
              helperText={errorOf('n')}
              slotProps={{ htmlInput: { min: 1, max: 365, inputMode: 'numeric' } }}
              sx={{ width: 110 }}
            />
            <TextField
              select
              label={t('series.unit')}
              size="small"
              value={value.unit}
              onChange={(event) => set({ unit: event.target.value as RepeatPlan['unit'] })}
              sx={{ minWidth: 150 }}
            >
              {seriesUnits.map((unit) => (
                <MenuItem key={unit} value={unit}>
                  {t(`series.unit.${unit}`, { n })}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <FormControl>
            <FormLabel id={endsLabel}>{t('series.ends')}</FormLabel>
            <RadioGroup row aria-labelledby={endsLabel} value={value.end} onChange={(event) => set({ end: event.target.value as RepeatPlan['end'] })}>
              <FormControlLabel value="count" control={<Radio />} label={t('series.ends.count')} />
              <FormControlLabel value="until" control={<Radio />} label={t('series.ends.until')} />
            </RadioGroup>
          </FormControl>
          {value.end === 'count' ? (
            <TextField
              label={t('series.count')}
              type="number"
              size="small"
              value={value.count}
              onChange={(event) => set({ count: event.target.value })}
              error={Boolean(errorOf('count'))}
              helperText={errorOf('count')}
              slotProps={{ htmlInput: { min: 2, max: 52, inputMode: 'numeric' } }}
              sx={{ width: 180 }}
            />
          ) : (
            <Box>
              <VisitDateField label={t('series.until')} value={value.until} onChange={(until) => set({ until })} min={startDate} size="small" sx={{ maxWidth: 280 }} />
              {errorOf('until') ? <FormHelperText error>{errorOf('until')}</FormHelperText> : null}
            </Box>
          )}
          {planned && 'dates' in planned ? <SeriesPreview dates={planned.dates} ready={Boolean(startTime)} /> : null}
        </Stack>
      ) : null}
    </Box>
  );
}

/** The dates the plan makes, so the desk sees them before booking. */
function SeriesPreview({ dates, ready }: { dates: string[]; ready: boolean }) {
  const t = useT();
  const title = t('series.preview', { count: dates.length });
  return (
    <Box>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      <Box component="ol" aria-label={title} sx={{ m: 0, mt: 0.5, pl: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {dates.map((date) => (
          <Box component="li" key={date} sx={{ px: 1, py: 0.25, borderRadius: 1, bgcolor: 'action.hover', typography: 'body2' }}>
            {`${dayjs(date).format('ddd')} ${fVisitDate(date)}`}
          </Box>
        ))}
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5 }}>
        {ready ? t('series.previewNote') : t('series.previewHint')}
      </Typography>
    </Box>
  );
}
