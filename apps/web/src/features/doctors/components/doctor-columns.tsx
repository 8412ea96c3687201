import type { Doctor } from '@caredesk/shared';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { ActiveChip } from '@/components/records/active-chip';
import { fRupees } from '@/lib/format';

export const doctorSortFields = {
  name: 'name',
  specialization: 'specialization',
  consultationFeePaise: 'consultationFee',
} as const;

function DoctorName({ doctor }: { doctor: Doctor }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0, height: 1 }}>
      <Avatar src={doctor.photoUrl ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
        {doctor.name.replace(/^Dr\.?\s*/i, '').charAt(0)}
      </Avatar>
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
        {doctor.name}
      </Typography>
    </Box>
  );
}

/** The doctors grid's columns; the facility column only for organisations with several. */
export function doctorColumns(showFacility: boolean): GridColDef<Doctor>[] {
  const columns: GridColDef<Doctor>[] = [
    { field: 'name', headerName: 'Name', flex: 1.6, minWidth: 200, renderCell: ({ row }) => <DoctorName doctor={row} /> },
    { field: 'specialization', headerName: 'Specialization', flex: 1, minWidth: 150 },
    { field: 'facilityName', headerName: 'Facility', flex: 1, minWidth: 140, valueGetter: (value: string | null) => value ?? '-' },
    {
      field: 'consultationFeePaise',
      headerName: 'Fee',
      type: 'number',
      width: 120,
      valueFormatter: (value: number) => fRupees(value / 100),
    },
    { field: 'slotMinutes', headerName: 'Slot', width: 90, valueFormatter: (value: number) => `${value} min` },
    { field: 'active', headerName: 'Status', width: 110, renderCell: ({ row }) => <ActiveChip active={row.active} /> },
  ];
  return showFacility ? columns : columns.filter((column) => column.field !== 'facilityName');
}

/** A doctor as a card on phones. */
export function DoctorCard({ doctor }: { doctor: Doctor }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Avatar src={doctor.photoUrl ?? undefined} alt="" sx={{ width: 44, height: 44 }}>
        {doctor.name.replace(/^Dr\.?\s*/i, '').charAt(0)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="subtitle2" noWrap>
          {doctor.name}
        </Typography>
        <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
          {doctor.specialization} · {fRupees(doctor.consultationFeePaise / 100)}
        </Typography>
      </Box>
      <ActiveChip active={doctor.active} />
    </Box>
  );
}
