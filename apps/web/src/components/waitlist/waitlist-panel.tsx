import type { WaitlistEntry } from '@caredesk/shared';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '@/components/records/confirm-dialog';
import { enqueueSnackbar } from '@/components/toast';
import { fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { errorMessage } from '@/lib/http';
import { useBookWaitlistEntry, useRemoveWaitlistEntry, useWaitlist, type WaitlistDay } from './api/waitlist';
import { WaitlistEntryRow } from './waitlist-entry';
import { useT } from './i18n';

interface WaitlistPanelProps {
  day: WaitlistDay;
  open: boolean;
  onClose: () => void;
  /** A booked entry's visit: the list's drawer for it. */
  onOpenVisit: (visitId: string) => void;
}

/**
 * One doctor's (scan's, test's) day's waitlist: who waits in what order, the place held for the
 * first with its time left, and the desk's 'Book now' and 'Remove'. Kept current by the kind's
 * live events (a cancellation offers a place) and a 30 s refetch while open (a hold lapses, or the
 * patient answers in the app, without an event to the desk).
 */
export function WaitlistPanel({ day, open, onClose, onOpenVisit }: WaitlistPanelProps) {
  const t = useT();
  const waitlist = useWaitlist(open ? day : null, { live: true });
  const book = useBookWaitlistEntry(day.kind);
  const remove = useRemoveWaitlistEntry(day.kind);
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);
  const entries = waitlist.data ?? [];
  const busyId = book.isPending ? book.variables : remove.isPending ? remove.variables : null;
  const { refetch } = waitlist;
  const onHoldEnd = useCallback(() => {
    // The sweep runs each minute: look again shortly after the hold ends.
    window.setTimeout(() => void refetch(), 5_000);
  }, [refetch]);

  const bookNow = (entry: WaitlistEntry) =>
    book.mutate(entry.id, {
      onSuccess: (booked) => enqueueSnackbar(t('waitlist.booked', { name: booked.patient.name, time: fTimeOfDay(entry.offer?.startTime ?? '') }), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  const confirmRemove = () => {
    if (!removing) return;
    const { id, patient } = removing;
    remove.mutate(id, {
      onSuccess: () => enqueueSnackbar(t('waitlist.removed', { name: patient.name }), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      onSettled: () => setRemoving(null),
    });
  };

  const ownerName = entries[0]?.ownerName;
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { 'aria-labelledby': 'waitlist-title', sx: { width: { xs: '100%', sm: 480 } } } }}>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 2 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id="waitlist-title" variant="h5" component="h2">
              {t('waitlist.title')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {ownerName ? t('waitlist.subtitle', { ownerName, date: fVisitDate(day.date) }) : fVisitDate(day.date)}
            </Typography>
          </Box>
          <IconButton aria-label={t('waitlist.close')} onClick={onClose}>
            <Close />
          </IconButton>
        </Box>
        {waitlist.error ? <Alert severity="error">{errorMessage(waitlist.error)}</Alert> : null}
        {waitlist.isPending && !waitlist.error ? <Skeleton variant="rounded" height={160} /> : null}
        {waitlist.isSuccess && entries.length === 0 ? (
          <Box sx={{ py: 3 }}>
            <Typography sx={{ fontWeight: 600 }}>{t('waitlist.empty')}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('waitlist.emptyHint')}
            </Typography>
          </Box>
        ) : null}
        {entries.length > 0 ? (
          <Box component="ul" aria-label={t('waitlist.list')} sx={{ m: 0, p: 0 }}>
            {entries.map((entry) => (
              <WaitlistEntryRow
                key={entry.id}
                kind={day.kind}
                entry={entry}
                busy={busyId === entry.id}
                onBook={bookNow}
                onRemove={setRemoving}
                onOpenVisit={onOpenVisit}
                onHoldEnd={onHoldEnd}
              />
            ))}
          </Box>
        ) : null}
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title={t('waitlist.removeTitle', { name: removing?.patient.name ?? '' })}
        message={t('waitlist.removeMessage')}
        confirmLabel={t('waitlist.remove')}
        destructive
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Drawer>
  );
}
