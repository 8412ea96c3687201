import type { AffectedVisit, Doctor, DoctorDayChange } from '@caredesk/shared';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { fTimeOfDay } from '@/components/availability/slots';
import { ConfirmDialog } from '@/components/records/confirm-dialog';
import { FormSection } from '@/components/records/form-section';
import { enqueueSnackbar } from '@/components/toast';
import { fDate } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { conflictVisitsOf, useDoctorDays, useRemoveDoctorDay } from '../api/doctor-days';
import { useT } from '../i18n';
import { AffectedVisits } from './affected-visits';

// Loaded when opened: the page reads the list, the dialogs come with the first click.
const DayChangeDialog = lazy(() => import('./day-change-dialog').then((module) => ({ default: module.DayChangeDialog })));
const LeaveDialog = lazy(() => import('./leave-dialog').then((module) => ({ default: module.LeaveDialog })));

/**
 * The doctor's page: the days from today on that differ from the weekly schedule, each removable,
 * with 'Change one day' and 'Add leave' (which asks what becomes of visits already booked).
 */
export function DayChanges({ doctor }: { doctor: Doctor }) {
  const t = useT();
  const days = useDoctorDays(doctor.id);
  const remove = useRemoveDoctorDay(doctor.id);
  const [changing, setChanging] = useState(false);
  const [addingLeave, setAddingLeave] = useState(false);
  const [stranding, setStranding] = useState<{ date: string; visits: AffectedVisit[] } | null>(null);

  const removeDay = (date: string, keep = false) =>
    remove.mutate(
      { date, keep },
      {
        onSuccess: () => {
          setStranding(null);
          enqueueSnackbar(t('doctors.days.removed', { date: fDate(date) }), { variant: 'success' });
        },
        onError: (error) => {
          const visits = conflictVisitsOf(error);
          if (visits) setStranding({ date, visits });
          else enqueueSnackbar(errorMessage(error), { variant: 'error' });
        },
      },
    );

  const hoursOf = (change: DoctorDayChange) =>
    change.windows === null
      ? t('doctors.days.weeklyHours')
      : change.windows.length === 0
        ? t('doctors.days.closed')
        : change.windows.map((window) => `${fTimeOfDay(window.start)} – ${fTimeOfDay(window.end)}`).join(', ');

  return (
    <FormSection title={t('doctors.days.title')} description={t('doctors.days.help')}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<EventNoteOutlined />} onClick={() => setChanging(true)}>
          {t('doctors.days.change')}
        </Button>
        <Button variant="outlined" color="inherit" startIcon={<EventBusyOutlined />} onClick={() => setAddingLeave(true)}>
          {t('doctors.days.addLeave')}
        </Button>
      </Box>
      {days.error ? (
        <Alert severity="error">{errorMessage(days.error)}</Alert>
      ) : days.data && days.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('doctors.days.none')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('doctors.days.list')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {(days.data ?? []).map((change) => (
            <Box
              component="li"
              key={change.date}
              aria-label={fDate(change.date)}
              sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', py: 1.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2">{fDate(change.date)}</Typography>
                <Typography variant="body2">{hoursOf(change)}</Typography>
                {change.capacity !== null ? <Typography variant="body2">{t('doctors.days.capacity', { count: change.capacity })}</Typography> : null}
                {change.note ? (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {change.note}
                  </Typography>
                ) : null}
                {change.outsideHours.length > 0 ? (
                  <Typography variant="body2" sx={{ color: 'warning.dark' }}>
                    {t('doctors.days.outsideHours', { count: change.outsideHours.length })}
                  </Typography>
                ) : null}
              </Box>
              <Button
                size="small"
                color="inherit"
                onClick={() => removeDay(change.date)}
                disabled={remove.isPending}
                aria-label={t('doctors.days.removeOn', { date: fDate(change.date) })}
              >
                {t('doctors.days.remove')}
              </Button>
            </Box>
          ))}
        </Box>
      )}
      <Suspense fallback={null}>
        {changing ? <DayChangeDialog doctor={doctor} open onClose={() => setChanging(false)} /> : null}
        {addingLeave ? <LeaveDialog doctor={doctor} open onClose={() => setAddingLeave(false)} /> : null}
      </Suspense>
      <ConfirmDialog
        open={stranding !== null}
        title={t('doctors.days.removeStrandedTitle')}
        message={
          <>
            {t('doctors.day.stranded', { count: stranding?.visits.length ?? 0 })}
            <AffectedVisits visits={stranding?.visits ?? []} label={t('doctors.day.strandedList')} />
          </>
        }
        confirmLabel={t('doctors.days.removeKeeping')}
        pending={remove.isPending}
        onClose={() => setStranding(null)}
        onConfirm={() => stranding && removeDay(stranding.date, true)}
      />
    </FormSection>
  );
}
