import type { Appointment } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { fPhone } from '@/lib/format';
import { fTimeOfDay, fVisitDate } from './appointment-format';
import { AppointmentActions } from './appointment-actions';
import { StatusChip } from './status-chip';

function TwoLines({ first, second }: { first: string; second: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0, lineHeight: 1.3 }}>
      <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
        {first}
      </Typography>
      <Typography variant="caption" noWrap sx={{ color: 'text.secondary' }}>
        {second}
      </Typography>
    </Box>
  );
}

/** Grid column field -> API sort key. */
export const appointmentSortFields = { tokenNumber: 'token', startTime: 'date', createdAt: 'createdAt' } as const;

export const appointmentColumns = (showDate: boolean): GridColDef<Appointment>[] => [
  {
    field: 'tokenNumber',
    headerName: 'Token',
    width: 90,
    renderCell: ({ row }) => <Typography sx={{ fontWeight: 700, lineHeight: '60px' }}>{row.tokenLabel}</Typography>,
  },
  {
    field: 'startTime',
    headerName: showDate ? 'Date & time' : 'Time',
    width: showDate ? 130 : 100,
    renderCell: ({ row }) =>
      showDate ? <TwoLines first={fTimeOfDay(row.startTime)} second={fVisitDate(row.date)} /> : fTimeOfDay(row.startTime),
  },
  {
    field: 'patientName',
    headerName: 'Patient',
    flex: 1,
    minWidth: 170,
    renderCell: ({ row }) => <TwoLines first={row.patientName} second={fPhone(row.patientPhone)} />,
  },
  {
    field: 'doctorName',
    headerName: 'Doctor',
    flex: 1,
    minWidth: 170,
    renderCell: ({ row }) => <TwoLines first={row.doctorName} second={row.specialization} />,
  },
  { field: 'status', headerName: 'Status', width: 140, renderCell: ({ row }) => <StatusChip status={row.status} /> },
  {
    field: 'actions',
    headerName: 'Actions',
    width: 150,
    renderCell: ({ row }) => (
      <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
        <AppointmentActions appointment={row} compact />
      </Box>
    ),
  },
];

/** A row as a card on phones. */
export function AppointmentCard({ appointment }: { appointment: Appointment }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box sx={{ textAlign: 'center', minWidth: 56 }}>
        <Typography sx={{ fontWeight: 800, fontSize: 20 }}>{appointment.tokenLabel}</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {fTimeOfDay(appointment.startTime)}
        </Typography>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{appointment.patientName}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {fPhone(appointment.patientPhone)}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {appointment.doctorName} · {appointment.specialization}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {fVisitDate(appointment.date)}
        </Typography>
      </Box>
      <StatusChip status={appointment.status} />
    </Box>
  );
}
