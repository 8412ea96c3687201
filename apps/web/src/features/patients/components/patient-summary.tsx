import type { Patient } from '@caredesk/shared';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { fPhone } from '@/lib/format';
import { ageText, initialOf, patientAge } from './patient-labels';
import { useT } from '../i18n';
import { genderLabel } from '@/i18n/shared-labels';

interface PatientSummaryProps {
  patient: Patient;
  onDelete: () => void;
}

/** Who this is at a glance: initial, name (the page's h1), age and gender, a number to call. */
export function PatientSummary({ patient, onDelete }: PatientSummaryProps) {
  const t = useT();
  const facts = [patient.uhid, patientAge(patient) === null ? null : ageText(patient), genderLabel(patient.gender), patient.bloodGroup].filter(Boolean).join(' · ');
  return (
    <Card variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
      <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', typography: 'h5' }} aria-hidden>
        {initialOf(patient.name)}
      </Avatar>
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {patient.name}
        </Typography>
        <Typography variant="body1" sx={{ color: 'text.secondary' }}>
          {facts}
        </Typography>
        <Link
          href={`tel:${patient.phone}`}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
          aria-label={t('patients.summary.call', { phone: fPhone(patient.phone) })}
        >
          <PhoneOutlined fontSize="small" />
          {fPhone(patient.phone)}
        </Link>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.editRecord(paths.patients, patient.id)} variant="contained" startIcon={<EditOutlined />}>
          {t('patients.summary.edit')}
        </Button>
        <Button onClick={onDelete} variant="outlined" color="error" startIcon={<DeleteOutlined />}>
          {t('patients.summary.delete')}
        </Button>
      </Box>
    </Card>
  );
}
