import type { Slot } from '@caredesk/shared';
import { useId } from 'react';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { addDays } from '@/lib/dates';
import { ApiError, NETWORK_ERROR } from '@/lib/http';
import { useResource } from '@/lib/use-resource';
import { Alert } from './alert';
import { Button } from './button';
import './slot-picker.css';

interface SlotPickerProps {
  /** The dates offered, as chips; `today` is the organisation's. */
  dates: string[];
  today: string;
  date: string;
  onDateChange: (date: string) => void;
  /** The chosen slot's start on `date`, if any. */
  value: string | null;
  onChange: (slot: Slot) => void;
  /** The free slots of a date, from whichever route the caller may use. */
  loadSlots: (date: string, signal: AbortSignal) => Promise<Slot[]>;
  /** Changing it loads the slots again (after 'this slot was just taken'). */
  refreshKey?: number;
}

/** A date, then a free time that day: chips the patient taps (booking and rescheduling alike). */
export function SlotPicker({ dates, today, date, onDateChange, value, onChange, loadSlots, refreshKey = 0 }: SlotPickerProps) {
  const t = useT();
  const format = useFormat();
  const datesId = useId();
  const timesId = useId();
  const loaded = useResource(`${date}:${refreshKey}`, (signal) => loadSlots(date, signal).then((list) => ({ date, list })));
  // Another date's times stay on screen while the new ones load: never offer them for this date.
  const slots = loaded.status === 'ready' ? (loaded.data.date === date ? { status: 'ready' as const, data: loaded.data.list } : { status: 'loading' as const }) : loaded;
  const dayName = (day: string) => (day === today ? t('dates.today') : day === addDays(today, 1) ? t('dates.tomorrow') : null);

  return (
    <div className="slot-picker">
      <h3 id={datesId}>{t('slots.date')}</h3>
      <div className="slot-picker__dates" role="group" aria-labelledby={datesId}>
        {dates.map((day) => {
          const name = dayName(day);
          return (
            <button key={day} type="button" className="chip chip--date" aria-pressed={day === date} onClick={() => onDateChange(day)}>
              {name && <span className="chip__name">{name}</span>}
              <span>{format.shortDate(day)}</span>
            </button>
          );
        })}
      </div>
      <h3 id={timesId}>{t('slots.time')}</h3>
      {slots.status === 'loading' && <p role="status">{t('slots.loading')}</p>}
      {slots.status === 'error' && (
        <Alert>
          {slots.error instanceof ApiError && slots.error.status === NETWORK_ERROR
            ? t('errors.network')
            : slots.error instanceof ApiError && slots.error.message
              ? slots.error.message
              : t('slots.loadFailed')}{' '}
          <Button variant="quiet" onClick={loaded.reload}>
            {t('actions.retry')}
          </Button>
        </Alert>
      )}
      {slots.status === 'ready' && slots.data.length === 0 && <p className="page__lead">{t('slots.none')}</p>}
      {slots.status === 'ready' && slots.data.length > 0 && (
        <div className="slot-picker__times" role="group" aria-labelledby={timesId}>
          {slots.data.map((slot) => (
            <button key={slot.start} type="button" className="chip" aria-pressed={slot.start === value} onClick={() => onChange(slot)}>
              {format.time(slot.start)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
