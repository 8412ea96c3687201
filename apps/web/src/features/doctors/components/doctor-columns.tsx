import type { Doctor } from '@caredesk/shared';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RecordColumn } from '@/components/records/record-column';
import { ActiveChip } from '@/components/records/active-chip';
import { fRupees } from '@/lib/format';
import { t } from '../i18n';

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

/** The doctors grid's columns (headers in the language of the moment); the facility column only for organisations with several. */
export function doctorColumns(showFacility: boolean): RecordColumn<Doctor>[] {
  const columns: RecordColumn<Doctor>[] = [
    { field: 'name', headerName: t('doctors.column.name'), flex: 1.6, minWidth: 200, render: (row) => <DoctorName doctor={row} /> },
    { field: 'specialization', headerName: t('doctors.column.specialization'), flex: 1, minWidth: 150 },
    { field: 'facilityName', headerName: t('doctors.column.facility'), flex: 1, minWidth: 140, render: (row) => row.facilityName ?? '-' },
    {
      field: 'consultationFeePaise',
      headerName: t('doctors.column.fee'),
      align: 'right',
      width: 120,
      render: (row) => fRupees(row.consultationFeePaise / 100),
    },
    { field: 'slotMinutes', headerName: t('doctors.column.slot'), width: 90, render: (row) => t('doctors.slotMinutes', { minutes: row.slotMinutes }) },
    { field: 'active', headerName: t('doctors.column.status'), width: 110, render: (row) => <ActiveChip active={row.active} /> },
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
