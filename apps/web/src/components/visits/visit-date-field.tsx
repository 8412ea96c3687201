import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import dayjs from 'dayjs';
import { useId, useRef, useState } from 'react';
import { parseTypedDate } from './typed-date';
import { fVisitDate } from './visit-format';
import { t, useT } from './i18n';

export interface VisitDateFieldProps {
  /** 'Date', 'New date'. */
  label: string;
  /** The chosen date (YYYY-MM-DD), or '' while what is typed is not a date that can be booked. */
  value: string;
  /** Called with each date typed or picked that can be booked, and with '' when the text stops being one. */
  onChange: (date: string) => void;
  /** The first day that can be booked: the organisation's today. */
  min: string;
  /** The last day that can be booked, when there is a horizon. */
  max?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/** Why a real date cannot be booked, or null when it can. */
function rangeError(date: string, min: string, max: string | undefined): string | null {
  if (date < min) return t('visits.date.passed', { date: fVisitDate(date) });
  if (max && date > max) return t('visits.date.horizon', { date: fVisitDate(max) });
  return null;
}

const longDate = (date: string) => t('visits.date.long', { weekday: dayjs(date).format('dddd'), date: fVisitDate(date) });

/**
 * The day of a visit, typed as a desk writes it (24/11/2026, 11/24/2026, 24 Nov 2026, 2026-11-24)
 * or picked from the browser's calendar. A native date input was thrown away keystroke by
 * keystroke (its half-typed year read as a past day and snapped back to today); here the text is
 * the user's until it makes a date, and a date that cannot be booked says why under the field.
 */
export function VisitDateField({ label, value, onChange, min, max, size, sx }: VisitDateFieldProps) {
  const t = useT();
  const [text, setText] = useState(() => (value ? fVisitDate(value) : ''));
  const [touched, setTouched] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const id = useId();

  // A date set from outside (the dialog moved it) shows as that date.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value && parseTypedDate(text) !== value) setText(fVisitDate(value));
  }

  const parsed = parseTypedDate(text);
  let error: string | null = null;
  if (parsed) error = rangeError(parsed, min, max);
  else if (touched) error = text.trim() ? t('visits.date.notADate') : t('visits.date.required');
  const helper = error ?? (parsed ? longDate(parsed) : t('visits.date.hint'));

  const take = (next: string) => {
    setText(next);
    const date = parseTypedDate(next);
    const bookable = date && !rangeError(date, min, max) ? date : '';
    if (bookable !== value) onChange(bookable);
  };

  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    input.value = value || min;
    // showPicker is missing in older browsers: then the field is typed into.
    try {
      input.showPicker();
    } catch {
      input.focus();
    }
  };

  return (
    <TextField
      id={id}
      label={label}
      size={size}
      value={text}
      onChange={(event) => take(event.target.value)}
      onBlur={() => {
        setTouched(true);
        if (parsed && !error) setText(fVisitDate(parsed));
      }}
      error={Boolean(error)}
      helperText={helper}
      placeholder={t('visits.date.placeholder')}
      autoComplete="off"
      sx={sx}
      slotProps={{
        inputLabel: { shrink: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton edge="end" size="small" aria-label={t('visits.date.calendar', { label: label.toLowerCase() })} onClick={openPicker}>
                <CalendarMonthOutlined fontSize="small" />
              </IconButton>
              {/* The browser's own calendar, opened by the button; hidden from the tab order and screen readers. */}
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden="true"
                min={min}
                max={max}
                onChange={(event) => event.target.value && take(fVisitDate(event.target.value))}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
