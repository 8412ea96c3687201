import type { HistoryEntry } from '@caredesk/shared';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '@/components/records/detail-list';
import { fDateTime, fPhone } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useAppointment } from '../api/get-appointment';
import { AppointmentActions } from './appointment-actions';
import { fFee, fTimeOfDay, fVisitDate, statusLabels } from './appointment-format';
import { StatusChip } from './status-chip';

const label = (status: string | null) => (status ? (statusLabels[status as keyof typeof statusLabels] ?? status) : null);

/** 'Booked → Checked in'; a move that keeps the status (a reschedule) by its action's name. */
function change(entry: HistoryEntry): string {
  if ((!entry.fromStatus && !entry.toStatus) || entry.fromStatus === entry.toStatus) {
    const action = entry.action.replace(/[-_]/g, ' ');
    return action.charAt(0).toUpperCase() + action.slice(1);
  }
  return `${label(entry.fromStatus) ?? 'New'} → ${label(entry.toStatus) ?? '-'}`;
}

/** ?open=<id>: the appointment's details, its history and the actions its status allows. */
export function AppointmentDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const appointment = useAppointment(id);
  const data = appointment.data;
  return (
    <Drawer anchor="right" open={Boolean(id)} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 } } } }}>
      <Box role="dialog" aria-labelledby="appointment-drawer-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <Typography id="appointment-drawer-title" variant="h5" component="h2" sx={{ flex: 1 }}>
            {data ? `Token ${data.tokenLabel}` : 'Appointment'}
          </Typography>
          <IconButton aria-label="Close" onClick={onClose}>
            <Close />
          </IconButton>
        </Box>
        {appointment.isError ? <Alert severity="error">{errorMessage(appointment.error)}</Alert> : null}
        {!data && !appointment.isError ? <Skeleton variant="rounded" height={240} /> : null}
        {data ? (
          <Stack spacing={3}>
            <Box>
              <StatusChip status={data.status} />
            </Box>
            <DetailList
              items={[
                { label: 'Patient', value: data.patientName },
                { label: 'Phone', value: fPhone(data.patientPhone) },
                { label: 'Doctor', value: `${data.doctorName} (${data.specialization})` },
                { label: 'Date', value: fVisitDate(data.date) },
                { label: 'Time', value: `${fTimeOfDay(data.startTime)} – ${fTimeOfDay(data.endTime)}` },
                { label: 'Fee', value: fFee(data.feePaise) },
                { label: 'Reason', value: data.reason },
                { label: 'Cancel reason', value: data.cancelReason, hidden: !data.cancelReason },
              ]}
            />
            <AppointmentActions appointment={data} />
            <Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                History
              </Typography>
              {(data.history ?? []).length === 0 ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  No changes yet.
                </Typography>
              ) : (
                <Stack component="ol" spacing={1.5} sx={{ m: 0, pl: 2.5 }} aria-label="History">
                  {(data.history ?? []).map((entry, index) => (
                    <li key={`${entry.at}-${index}`}>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {change(entry)}
                      </Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                        {fDateTime(entry.at)} · {entry.byName ?? 'Patient app'}
                      </Typography>
                      {entry.note ? <Typography variant="body2">{entry.note}</Typography> : null}
                    </li>
                  ))}
                </Stack>
              )}
            </Box>
          </Stack>
        ) : null}
      </Box>
    </Drawer>
  );
}
