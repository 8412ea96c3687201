import { useLayoutEffect, useRef, useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { SlotPicker } from '@/components/slot-picker';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { addDays, datesBetween } from '@/lib/dates';
import { ApiError, NETWORK_ERROR } from '@/lib/http';
import { listVisitSlots } from '../api/list-visit-slots';
import { rescheduleVisit } from '../api/reschedule-visit';
import { today, type Visit } from '../visit';

/**
 * The days offered. A visit does not carry its organisation's horizon; the server offers no slot
 * past it, so a later day just shows none.
 */
const DAYS_OFFERED = 14;

interface RescheduleVisitProps {
  visit: Visit;
  onMoved: (slot: { date: string; start: string }) => void;
  onClose: () => void;
}

/** 'Move your visit': a new date and time for the same doctor or scan/test. */
export function RescheduleVisit({ visit, onMoved, onClose }: RescheduleVisitProps) {
  const t = useT();
  const format = useFormat();
  const heading = useRef<HTMLHeadingElement>(null);
  const first = today();
  const dates = datesBetween(first, addDays(first, DAYS_OFFERED));
  const [date, setDate] = useState(visit.date >= first && dates.includes(visit.date) ? visit.date : first);
  const [start, setStart] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);

  useLayoutEffect(() => heading.current?.focus(), []);

  const move = async () => {
    if (!start) {
      setError(t('book.chooseTime'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await rescheduleVisit(visit, { date, startTime: start });
      onMoved({ date, start });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === NETWORK_ERROR) setError(t('errors.network'));
      else setError(failure instanceof ApiError && failure.message ? (failure.issueFor('startTime') ?? failure.issueFor('date') ?? failure.message) : t('errors.generic'));
      if (failure instanceof ApiError && (failure.status === 409 || failure.status === 400)) {
        setStart(null);
        setRefreshKey((key) => key + 1);
      }
      setBusy(false);
    }
  };

  return (
    <section className="card reschedule" aria-labelledby="reschedule-heading">
      <h2 id="reschedule-heading" ref={heading} tabIndex={-1}>
        {t('reschedule.title')}
      </h2>
      <p className="page__lead">{t('reschedule.current', { title: visit.title, date: format.date(visit.date), time: format.time(visit.startTime) })}</p>
      {error && <Alert>{error}</Alert>}
      <SlotPicker
        dates={dates}
        today={first}
        date={date}
        onDateChange={(day) => {
          setDate(day);
          setStart(null);
        }}
        value={start}
        onChange={(slot) => setStart(slot.start)}
        loadSlots={(day, signal) => listVisitSlots(visit, day, signal)}
        refreshKey={refreshKey}
      />
      <div className="actions">
        <Button disabled={busy} onClick={() => void move()}>
          {busy ? t('reschedule.moving') : t('reschedule.submit')}
        </Button>
        <Button variant="quiet" disabled={busy} onClick={onClose}>
          {t('reschedule.keep')}
        </Button>
      </div>
    </section>
  );
}
