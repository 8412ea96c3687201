import type { WaitlistEntry, WaitlistStatus } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { VisitKind } from '@/components/visits/api/get-same-day-visits';
import { fTimeOfDay } from '@/components/visits/visit-format';
import { fPhone } from '@/lib/format';
import { Countdown } from './countdown';
import { useT } from './i18n';

const statusColors: Record<WaitlistStatus, 'info' | 'warning' | 'success' | 'default'> = {
  WAITING: 'info',
  OFFERED: 'warning',
  BOOKED: 'success',
  DECLINED: 'default',
  LAPSED: 'default',
  LEFT: 'default',
};

interface WaitlistEntryRowProps {
  kind: VisitKind;
  entry: WaitlistEntry;
  /** A request for this entry is on its way: its buttons wait. */
  busy: boolean;
  onBook: (entry: WaitlistEntry) => void;
  onRemove: (entry: WaitlistEntry) => void;
  onOpenVisit: (visitId: string) => void;
  /** A hold has run out on screen: look again (the sweep passes it on). */
  onHoldEnd: () => void;
}

/** One patient of the line: place, name and phone, what became of them; a held place with its time left. */
export function WaitlistEntryRow({ kind, entry, busy, onBook, onRemove, onOpenVisit, onHoldEnd }: WaitlistEntryRowProps) {
  const t = useT();
  const { patient, offer, position, status } = entry;
  const open = status === 'WAITING' || status === 'OFFERED';
  // The day's end lapses the whole line: only an entry that held a place saw an offer lapse.
  const label = status === 'LAPSED' && !entry.wasOffered ? t('waitlist.status.dayEnded') : t(`waitlist.status.${status}`);
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Box
        aria-hidden
        sx={{
          flexShrink: 0,
          width: 32,
          height: 32,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 600,
          bgcolor: open ? 'primary.main' : 'action.selected',
          color: open ? 'primary.contrastText' : 'text.secondary',
        }}
      >
        {position ?? '–'}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{patient.name}</Typography>
          <Chip size="small" label={label} color={statusColors[status]} variant={open ? 'filled' : 'outlined'} />
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {fPhone(patient.phone)}
          {position !== null ? ` · ${t('waitlist.position', { position })}` : null}
        </Typography>
        {offer ? (
          <Typography variant="body2" sx={{ mt: 0.5, display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
            <span>{t('waitlist.offer', { time: fTimeOfDay(offer.startTime) })}</span>
            <Countdown until={offer.expiresAt} onEnd={onHoldEnd} />
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: open || entry.visitId ? 1 : 0 }}>
          {status === 'OFFERED' ? (
            <Button size="small" variant="contained" disabled={busy} onClick={() => onBook(entry)} aria-label={t('waitlist.bookNowFor', { name: patient.name })}>
              {t('waitlist.bookNow')}
            </Button>
          ) : null}
          {open ? (
            <Button size="small" color="error" disabled={busy} onClick={() => onRemove(entry)} aria-label={t('waitlist.removeFor', { name: patient.name })}>
              {t('waitlist.remove')}
            </Button>
          ) : null}
          {entry.visitId ? (
            <Button size="small" onClick={() => onOpenVisit(entry.visitId!)} aria-label={t('waitlist.openVisitFor', { kind, name: patient.name })}>
              {t('waitlist.openVisit', { kind })}
            </Button>
          ) : null}
        </Box>
      </Box>
    </Box>
  );
}
