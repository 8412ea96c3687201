import type { SeriesChangeResult, VisitSeries } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { enqueueSnackbar } from '@/components/toast';
import { errorMessage } from '@/lib/http';
import { useOrganisationToday } from '@/lib/organisation-today';
import { CancelDialog } from '../cancel-dialog';
import { fTimeOfDay, fVisitDate } from '../visit-format';
import { useT } from './i18n';

interface SeriesSectionProps {
  /** The visit's series and all its visits, once loaded. */
  series: { series: VisitSeries; visits: { id: string; date: string; startTime: string; status: string }[] } | undefined;
  patientName: string;
  /** Cancels the series' visits still booked ahead; rejects with the server's refusal. */
  cancel: (reason: string) => Promise<SeriesChangeResult>;
  pending: boolean;
  /** The move dialog while open; `next` is the first visit still booked ahead, whose free times it offers. */
  renderMove: (close: () => void, next: { date: string; startTime: string }) => ReactNode;
}

/** What could not change, for a toast: '24 Nov 2026: This slot is full…; …'. */
export function refusedText(result: SeriesChangeResult): string {
  return result.refused.map((item) => `${fVisitDate(item.date)}: ${item.message}`).join('; ');
}

/**
 * In a visit's drawer, when the visit belongs to a series: how many visits it has, its plan, and
 * 'Cancel the series…' and 'Move the series…' for its visits still booked ahead. The visit's own
 * actions (above it) still cancel or move this one alone.
 */
export function SeriesSection({ series, patientName, cancel, pending, renderMove }: SeriesSectionProps) {
  const t = useT();
  const today = useOrganisationToday();
  const [dialog, setDialog] = useState<'cancel' | 'move' | null>(null);
  if (!series) return null;
  // The server decides what is still ahead to the minute; the console offers the actions while any may be.
  const ahead = series.visits.filter((visit) => visit.status === 'BOOKED' && visit.date >= today);
  const [next] = ahead;
  const close = () => setDialog(null);
  const confirmCancel = (reason: string) =>
    cancel(reason).then(
      (result) => {
        enqueueSnackbar(t('series.cancelledToast', { count: result.changed.length }), { variant: 'success' });
        if (result.refused.length > 0) enqueueSnackbar(t('series.notChangedToast', { count: result.refused.length, reasons: refusedText(result) }), { variant: 'warning' });
        close();
      },
      (error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    );
  const { every } = series.series;
  return (
    <Box component="section" aria-label={t('series.partOf', { count: series.visits.length })} sx={{ p: 2, borderRadius: 1, border: 1, borderColor: 'divider' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('series.partOf', { count: series.visits.length })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {series.series.cancelledAt ? t('series.cancelledAt') : t('series.plan', { unit: every.unit, n: every.n, time: fTimeOfDay(series.series.startTime), ahead: ahead.length })}
      </Typography>
      {next && !series.series.cancelledAt ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
          <Button size="small" variant="outlined" disabled={pending} onClick={() => setDialog('move')}>
            {t('series.moveAction')}
          </Button>
          <Button size="small" variant="outlined" color="error" disabled={pending} onClick={() => setDialog('cancel')}>
            {t('series.cancelAction')}
          </Button>
        </Box>
      ) : null}
      <CancelDialog
        open={dialog === 'cancel'}
        noun={t('series.noun')}
        subject={t('series.cancelSubject', { patient: patientName, count: ahead.length })}
        pending={pending}
        onConfirm={(reason) => void confirmCancel(reason)}
        onClose={close}
      />
      {dialog === 'move' && next ? renderMove(close, next) : null}
    </Box>
  );
}
