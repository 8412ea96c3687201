import { formatAbhaNumber, type Patient } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { messageLanguageLabel } from '@/i18n/shared-labels';
import { fDate } from '@/lib/format';
import { ageText } from './patient-labels';
import { t, useT } from '../i18n';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '112px 1fr', sm: '140px 1fr' }, gap: 0.5 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** 'Agrees to WhatsApp and SMS', and who recorded the last change, when the record says. */
function consentText(patient: Patient): string {
  const state = patient.messageConsent ? t('patients.consent.agrees') : t('patients.consent.disagrees');
  if (!patient.messageConsentBy || !patient.messageConsentAt) return state;
  return t('patients.consent.changed', { state, name: patient.messageConsentBy, date: fDate(patient.messageConsentAt) });
}

/** Demographics: everything on the record besides name and phone (those are in the header). */
export function PatientDetailsCard({ patient }: { patient: Patient }) {
  const t = useT();
  return (
    <Card variant="outlined">
      <CardHeader
        title={
          <Typography variant="h6" component="h2">
            {t('patients.details.title')}
          </Typography>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Box component="dl" sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Detail label={t('patients.details.uhid')}>{patient.uhid}</Detail>
          <Detail label={t('patients.details.dateOfBirth')}>{patient.dobEstimated ? t('patients.details.dobNotKnown') : fDate(patient.dateOfBirth)}</Detail>
          <Detail label={t('patients.details.age')}>{ageText(patient)}</Detail>
          <Detail label={t('patients.details.bloodGroup')}>{patient.bloodGroup ?? '-'}</Detail>
          <Detail label={t('patients.details.abhaNumber')}>{patient.abhaNumber ? formatAbhaNumber(patient.abhaNumber) : '-'}</Detail>
          <Detail label={t('patients.details.abhaAddress')}>{patient.abhaAddress ?? '-'}</Detail>
          <Detail label={t('patients.details.email')}>{patient.email ? <Link href={`mailto:${patient.email}`}>{patient.email}</Link> : '-'}</Detail>
          <Detail label={t('patients.details.address')}>{patient.address ?? '-'}</Detail>
          <Detail label={t('patients.details.notes')}>{patient.notes ?? '-'}</Detail>
          <Detail label={t('patients.details.messages')}>{consentText(patient)}</Detail>
          <Detail label={t('patients.details.messageLanguage')}>
            {patient.messageLanguage ? messageLanguageLabel(patient.messageLanguage) : t('patients.details.organisationDefault')}
          </Detail>
          <Detail label={t('patients.details.registeredOn')}>{fDate(patient.createdAt)}</Detail>
        </Box>
      </CardContent>
    </Card>
  );
}
