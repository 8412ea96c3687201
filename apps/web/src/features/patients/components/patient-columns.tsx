import type { PatientSummary } from '@caredesk/shared';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RecordColumn } from '@/components/records/record-column';
import { fDate, fPhone } from '@/lib/format';
import { initialOf } from './patient-labels';
import { t, useT } from '../i18n';
import { genderLabel } from '@/i18n/shared-labels';

type PatientSort = 'name' | 'createdAt' | 'dateOfBirth';

function NameCell({ patient }: { patient: PatientSummary }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: '100%', minWidth: 0 }}>
      <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 16 }} aria-hidden>
        {initialOf(patient.name)}
      </Avatar>
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
        {patient.name}
      </Typography>
    </Box>
  );
}

const ageOf = (patient: PatientSummary) => (patient.age === null ? '-' : String(patient.age));

/** The list's columns, their headers in the language of the moment they are built (each render). */
export function patientColumns(): RecordColumn<PatientSummary>[] {
  return [
    { field: 'uhid', headerName: t('patients.column.uhid'), width: 130 },
    { field: 'name', headerName: t('patients.column.name'), flex: 1.6, minWidth: 200, render: (row) => <NameCell patient={row} /> },
    { field: 'phone', headerName: t('patients.column.phone'), flex: 1, minWidth: 150, render: (row) => fPhone(row.phone) },
    { field: 'gender', headerName: t('patients.column.gender'), width: 100, render: (row) => genderLabel(row.gender) },
    { field: 'age', headerName: t('patients.column.age'), width: 80, render: (row) => ageOf(row) },
    { field: 'bloodGroup', headerName: t('patients.column.bloodGroup'), width: 110, render: (row) => row.bloodGroup ?? '-' },
    { field: 'createdAt', headerName: t('patients.column.registered'), width: 130, render: (row) => fDate(row.createdAt) },
  ];
}

/**
 * Columns the API sorts by. Age is left out: sorting it would mean sorting date of birth the
 * other way round, which the grid's arrow would then show backwards.
 */
export const patientSortFields: Readonly<Record<string, PatientSort>> = { name: 'name', createdAt: 'createdAt' };

/** A patient on a phone: initial, name, then phone, age and gender on one line. */
export function PatientCard({ patient }: { patient: PatientSummary }) {
  const t = useT();
  const { age } = patient;
  const facts = [patient.uhid, fPhone(patient.phone), genderLabel(patient.gender), age === null ? null : t('patients.card.age', { age }), patient.bloodGroup].filter(Boolean);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Avatar sx={{ bgcolor: 'primary.main' }} aria-hidden>
        {initialOf(patient.name)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="subtitle1" component="p" noWrap sx={{ fontWeight: 600 }}>
          {patient.name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {facts.join(' · ')}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('patients.card.registered', { date: fDate(patient.createdAt) })}
        </Typography>
      </Box>
    </Box>
  );
}
