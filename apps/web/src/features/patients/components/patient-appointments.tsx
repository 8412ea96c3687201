import type { AppointmentStatus } from '@caredesk/shared';
import AddIcon from '@mui/icons-material/Add';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';
import { fDate, formatPatterns } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { usePatientAppointments } from '../api/get-patient-appointments';

const statusChip: Record<AppointmentStatus, { label: string; color: 'info' | 'warning' | 'secondary' | 'success' | 'error' | 'default' }> = {
  BOOKED: { label: 'Booked', color: 'info' },
  CHECKED_IN: { label: 'Checked in', color: 'warning' },
  IN_CONSULTATION: { label: 'In consultation', color: 'secondary' },
  COMPLETED: { label: 'Completed', color: 'success' },
  CANCELLED: { label: 'Cancelled', color: 'error' },
  NO_SHOW: { label: 'No-show', color: 'default' },
};

const fTimeOfDay = (time: string) => {
  const day = dayjs(`2000-01-01T${time.slice(0, 5)}`);
  return day.isValid() ? day.format(formatPatterns.time) : time;
};

/** The Appointments tab: the patient's appointments, newest first, and 'Book appointment'. */
export function PatientAppointments({ patientId }: { patientId: string }) {
  const appointments = usePatientAppointments(patientId);
  const rows = appointments.data?.data ?? [];
  const bookHref = `${paths.appointments}?new=1&patientId=${encodeURIComponent(patientId)}`;
  const bookButton = (
    <Button component={RouterLink} to={bookHref} variant="contained" size="small" startIcon={<AddIcon />}>
      Book appointment
    </Button>
  );

  if (appointments.isError) return <Alert severity="error" sx={{ m: 2 }}>{errorMessage(appointments.error)}</Alert>;
  if (appointments.isPending) {
    return (
      <Box sx={{ p: 2 }} aria-busy="true" aria-label="Loading appointments">
        <Skeleton variant="rounded" height={56} sx={{ mb: 1 }} />
        <Skeleton variant="rounded" height={56} />
      </Box>
    );
  }
  if (rows.length === 0) {
    return <EmptyState icon={<EventNoteOutlined />} title="No appointments yet" description="Appointments booked for this patient will be listed here." action={<Box sx={{ mt: 2 }}>{bookButton}</Box>} />;
  }
  return (
    <Box sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>{bookButton}</Box>
      <List aria-label="Appointments" disablePadding>
        {rows.map((row) => (
          <ListItem key={row.id} divider sx={{ px: 0, gap: 2, alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 52, textAlign: 'center' }}>
              <Typography sx={{ fontWeight: 800 }}>{row.tokenLabel}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                Token
              </Typography>
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {fDate(row.date)}, {fTimeOfDay(row.startTime)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {row.doctorName} · {row.specialization}
              </Typography>
            </Box>
            <Chip size="small" label={statusChip[row.status].label} color={statusChip[row.status].color} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
