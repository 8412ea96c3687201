import type { SlotsResponse } from '@caredesk/shared';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { errorMessage } from '@/lib/http';
import { ExtraSlots } from './extra-slots';
import { fTimeOfDay } from './visit-format';
import { useT } from './i18n';

export interface SlotPickerProps {
  /** The free slots of the chosen doctor or service on the date (disabled until both are chosen). */
  slots: UseQueryResult<SlotsResponse>;
  /** A doctor or service and a date are chosen. */
  ready: boolean;
  /** Shown until then: 'Choose a doctor and a date to see the free slots.' */
  prompt: string;
  /** Under 'No free slots on this day': 'Pick another date, or another doctor.' */
  emptyHint: string;
  /** The chosen slot's start ('HH:mm'), or null. */
  value: string | null;
  /** `extra`: a full slot chosen to be booked as an extra (offerExtras). */
  onChange: (start: string | null, extra?: boolean) => void;
  /** A full slot may be booked (or a visit moved into it) as an extra, in the day's allowance. */
  offerExtras?: boolean;
  /** A reschedule: the extras are offered as a move ('Move in as extra'). */
  moving?: boolean;
  /** The chosen slot is an extra. */
  extra?: boolean;
  /** Under 'No free slots' when the day's slots are all taken (not a day off): 'Add to waitlist'. */
  whenFull?: ReactNode;
}

const SLOT_COLUMNS = 'repeat(auto-fill, minmax(92px, 1fr))';
const grid = { display: 'grid', gridTemplateColumns: SLOT_COLUMNS, gap: 1 } as const;

/**
 * Free slots as buttons; only what the API returns (free ones). Kept live by the slots query's
 * invalidation on visit events and its 30 s refetch; a chosen slot that disappears (booked by
 * someone else) is unselected. A new visit or a move (offerExtras) may also take a full slot as an extra,
 * while the day's allowance has room (ExtraSlots), and a full day offers its waitlist (`whenFull`).
 */
export function SlotPicker({ slots, ready, prompt, emptyHint, value, onChange, offerExtras = false, moving = false, extra = false, whenFull }: SlotPickerProps) {
  const t = useT();
  const list = slots.data?.slots ?? [];
  const full = offerExtras ? (slots.data?.full ?? []) : [];
  const extras = offerExtras ? slots.data?.extras : undefined;
  // A chosen extra is gone when its slot is no longer full (someone cancelled: book it as usual) or the allowance is used up.
  const gone = value !== null && slots.data !== undefined && (extra ? !full.some((slot) => slot.start === value) || !extras?.left : !list.some((slot) => slot.start === value));
  useEffect(() => {
    if (gone) onChange(null);
  }, [gone, onChange]);
  // One Tab stop for the whole grid (the chosen slot, else the last one the arrows reached, else
  // the first); the arrows move inside it, Enter or Space chooses.
  const [focusStart, setFocusStart] = useState<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const stopIndex = Math.max(
    0,
    list.findIndex((slot) => slot.start === (value ?? focusStart)),
  );

  if (!ready) return <Typography sx={{ color: 'text.secondary' }}>{prompt}</Typography>;
  if (slots.isPending) {
    return (
      <Box sx={grid} aria-busy="true" aria-label={t('visits.slots.loading')}>
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={40} />
        ))}
      </Box>
    );
  }
  if (slots.isError) return <Alert severity="error">{errorMessage(slots.error)}</Alert>;
  const extraSlots =
    extras && slots.data ? (
      <ExtraSlots date={slots.data.date} full={full} extras={extras} moving={moving} value={extra ? value : null} onChange={(start) => onChange(start, start !== null)} />
    ) : null;
  if (list.length === 0) {
    return (
      <>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', color: 'text.secondary', py: 1 }}>
          <EventBusyOutlined />
          <Box>
            <Typography sx={{ fontWeight: 600, color: 'text.primary' }}>{t('visits.slots.none')}</Typography>
            <Typography variant="body2">{emptyHint}</Typography>
          </Box>
        </Box>
        {extraSlots}
        {(slots.data?.full?.length ?? 0) > 0 ? whenFull : null}
      </>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = Array.from(gridRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    // Columns as laid out now (the grid fills the width it has): buttons on the first row.
    const top = buttons[0]!.offsetTop;
    const columns = Math.max(1, buttons.filter((button) => button.offsetTop === top).length);
    const row = columns >= buttons.length ? 1 : columns;
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      ArrowDown: current + row,
      ArrowUp: current - row,
      Home: 0,
      End: buttons.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = Math.max(0, Math.min(buttons.length - 1, moves[event.key]!));
    setFocusStart(list[next]!.start);
    buttons[next]!.focus();
  };
  return (
    <>
      <Box role="group" aria-label={t('visits.slots.label')} sx={grid} ref={gridRef} onKeyDown={onKeyDown}>
        {list.map((slot, index) => {
          const selected = !extra && slot.start === value;
          return (
            <Button
              key={slot.start}
              tabIndex={index === stopIndex ? 0 : -1}
              variant={selected ? 'contained' : 'outlined'}
              aria-pressed={selected}
              onClick={() => onChange(selected ? null : slot.start)}
              sx={{ flexDirection: 'column', lineHeight: 1.2, py: 0.75, minWidth: 0 }}
            >
              {fTimeOfDay(slot.start)}
              {slot.capacity > 1 ? (
                <Typography component="span" variant="caption" sx={{ display: 'block', opacity: 0.8 }}>
                  {t('visits.slots.left', { count: slot.remaining })}
                </Typography>
              ) : null}
            </Button>
          );
        })}
      </Box>
      {extraSlots}
    </>
  );
}
