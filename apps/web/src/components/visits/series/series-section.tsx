import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { enqueueSnackbar } from '@/components/toast';
import { errorMessage } from '@/lib/http';
import { useOrganisationToday } from '@/lib/organisation-today';
import { CancelDialog } from '../cancel-dialog';
import type { VisitKind } from '../api/get-same-day-visits';
import type { VisitOwner, VisitOwners } from '../owner-field';
import { fTimeOfDay } from '../visit-format';
import { MoveSeriesDialog, type SeriesMove } from './move-series-dialog';
import { warnNotChanged } from './series-texts';
import { useCancelVisitSeries, useRescheduleVisitSeries, useVisitSeries } from './api/visit-series';

/** Whom a series is with, as each kind's move names it. */
const OWNER_KEY = { appointments: 'doctorId', bookings: 'serviceId' } as const;
import { useT } from './i18n';

interface SeriesSectionProps<Owner extends VisitOwner> {
  /** Appointments or bookings: whose series routes it calls. */
  kind: VisitKind;
  /** The visit open in the drawer: its series and its patient. */
  visit: { seriesId?: string | null | undefined; patientName: string };
  /** Whom the series may move to (another active doctor; another scan or test), and their free times. */
  owners: VisitOwners<Owner>;
  renderSlots: SeriesMove<Owner>['renderSlots'];
}

/**
 * In a visit's drawer, when the visit belongs to a series: how many visits it has, its plan, and
 * 'Cancel the series…' and 'Move the series…' for its visits still booked ahead. The visit's own
 * actions (above it) still cancel or move this one alone.
 */
export function SeriesSection<Owner extends VisitOwner>({ kind, visit, owners, renderSlots }: SeriesSectionProps<Owner>) {
  const t = useT();
  const id = visit.seriesId ?? '';
  const series = useVisitSeries(kind, id).data;
  const cancel = useCancelVisitSeries(kind);
  const move = useRescheduleVisitSeries(kind);
  const patientName = visit.patientName;
  const pending = cancel.isPending || move.isPending;
  const today = useOrganisationToday();
  const [dialog, setDialog] = useState<'cancel' | 'move' | null>(null);
  if (!series) return null;
  // The server decides what is still ahead to the minute; the console offers the actions while any may be.
  const ahead = series.visits.filter((visit) => visit.status === 'BOOKED' && visit.date >= today);
  const [next] = ahead;
  const close = () => setDialog(null);
  const confirmCancel = (reason: string) =>
    cancel.mutateAsync({ id, reason }).then(
      (result) => {
        enqueueSnackbar(t('series.cancelledToast', { count: result.changed.length }), { variant: 'success' });
        warnNotChanged(result);
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
      {dialog === 'move' && next ? (
        <MoveSeriesDialog
          owners={owners}
          renderSlots={renderSlots}
          patientName={patientName}
          nextDate={next.date}
          ownerId={series.series.ownerId}
          // The owner goes only when another is chosen: the server keeps the series' own otherwise.
          onMove={(startTime, ownerId) => move.mutateAsync({ id, startTime, ...(ownerId ? { [OWNER_KEY[kind]]: ownerId } : {}) })}
          pending={move.isPending}
          onClose={close}
        />
      ) : null}
    </Box>
  );
}
