import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { enqueueSnackbar } from '@/components/toast';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/records/confirm-dialog';
import { paths } from '@/config/paths';
import { fDate } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useOrganisationToday } from '@/lib/organisation-today';
import { useCancelLeaveDayVisits, useLeaveDayVisits, type LeaveCancelOutcome } from '../api/leave-day-visits';
import { useT } from '../i18n';

/**
 * A leave entered after patients had booked: the doctor's page lists the appointments those days
 * still hold and cancels them in one action, each patient told why in their own language (the
 * cancel reason is CANCELLED_FOR_LEAVE). Every menu with Doctors has Appointments.
 */
export function LeaveDayVisits({ doctorId, leaveDates }: { doctorId: string; leaveDates: readonly string[] }) {
  const t = useT();
  const today = useOrganisationToday();
  const { days } = useLeaveDayVisits(doctorId, leaveDates, today);
  const cancel = useCancelLeaveDayVisits();
  const [confirming, setConfirming] = useState(false);
  const listId = useId();
  const visits = days.flatMap((day) => day.visits);
  if (visits.length === 0) return null;

  const report = ({ cancelled, failed }: LeaveCancelOutcome) => {
    if (cancelled > 0) enqueueSnackbar(t('doctors.leave.cancelled', { count: cancelled }), { variant: 'success' });
    for (const { visit, reason } of failed)
      enqueueSnackbar(t('doctors.leave.failed', { token: visit.tokenLabel, date: fDate(visit.date), reason: errorMessage(reason) }), { variant: 'error' });
  };

  return (
    <Alert severity="warning" role="region" aria-labelledby={listId}>
      <AlertTitle id={listId}>{t('doctors.leave.title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {days.map((day) => (
          <li key={day.date}>
            {t(day.more ? 'doctors.leave.dayAndMore' : 'doctors.leave.day', { date: fDate(day.date), count: day.visits.length })} ·{' '}
            <Link component={RouterLink} to={`${paths.appointments}?doctorId=${encodeURIComponent(doctorId)}&from=${day.date}&to=${day.date}`}>
              {t('doctors.leave.see')}
            </Link>
          </li>
        ))}
      </Box>
      <Button sx={{ mt: 1.5 }} variant="outlined" color="inherit" size="small" onClick={() => setConfirming(true)} disabled={cancel.isPending}>
        {t('doctors.leave.cancel')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('doctors.leave.confirmTitle', { count: visits.length })}
        message={t('doctors.leave.confirmMessage')}
        confirmLabel={t('doctors.leave.confirm')}
        cancelLabel={t('doctors.leave.keep')}
        destructive
        pending={cancel.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          cancel.mutate(visits, {
            onSuccess: report,
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Alert>
  );
}
