import type { ExtraAllowance, Slot } from '@caredesk/shared';
import AddCircleOutlineOutlined from '@mui/icons-material/AddCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useOrganisationToday } from '@/lib/organisation-today';
import { fTimeOfDay, fVisitDate } from './visit-format';
import { useT } from './i18n';

interface ExtraSlotsProps {
  date: string;
  /** The full slots that have not begun (the desk's slots only). */
  full: Slot[];
  extras: ExtraAllowance;
  /** A reschedule: 'Move in as extra' rather than 'Book as extra'. */
  moving?: boolean;
  /** The chosen extra's slot, or null when the choice is no extra. */
  value: string | null;
  onChange: (start: string | null) => void;
}

const EXTRA_COLUMNS = 'repeat(auto-fill, minmax(92px, 1fr))';
const grid = { display: 'grid', gridTemplateColumns: EXTRA_COLUMNS, gap: 1 } as const;

/**
 * A full slot may still be booked (or a visit moved into it) as an extra, in the day's allowance (the doctor's or scan's
 * extras a day): offered behind 'Book as extra (n of N left)', never chosen for the desk. The
 * server counts the allowance again under its lock; a refusal there names why.
 */
export function ExtraSlots({ date, full, extras, moving = false, value, onChange }: ExtraSlotsProps) {
  const t = useT();
  const today = useOrganisationToday();
  const [open, setOpen] = useState(value !== null);
  if (extras.allowance === 0 || full.length === 0) return null;
  if (extras.left === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
        {t('visits.extras.usedUp', { allowance: extras.allowance })}
      </Typography>
    );
  }
  const left = { left: extras.left, allowance: extras.allowance };
  const offer = moving
    ? date === today
      ? t('visits.extras.moveToday', left)
      : t('visits.extras.moveOn', { ...left, date: fVisitDate(date) })
    : date === today
      ? t('visits.extras.bookToday', left)
      : t('visits.extras.bookOn', { ...left, date: fVisitDate(date) });
  if (!open) {
    return (
      <Button variant="outlined" color="secondary" startIcon={<AddCircleOutlineOutlined />} onClick={() => setOpen(true)} sx={{ mt: 1.5 }}>
        {offer}
      </Button>
    );
  }
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {offer}
      </Typography>
      <Box role="group" aria-label={moving ? t('visits.extras.fullSlotsMove') : t('visits.extras.fullSlots')} sx={grid}>
        {full.map((slot) => {
          const selected = slot.start === value;
          return (
            <Button
              key={slot.start}
              color="secondary"
              variant={selected ? 'contained' : 'outlined'}
              aria-pressed={selected}
              aria-label={t('visits.extras.slot', { time: fTimeOfDay(slot.start) })}
              onClick={() => onChange(selected ? null : slot.start)}
              sx={{ flexDirection: 'column', lineHeight: 1.2, py: 0.75, minWidth: 0 }}
            >
              {fTimeOfDay(slot.start)}
              <Typography component="span" variant="caption" sx={{ display: 'block', opacity: 0.8 }}>
                {t('visits.extra')}
              </Typography>
            </Button>
          );
        })}
      </Box>
    </Box>
  );
}
