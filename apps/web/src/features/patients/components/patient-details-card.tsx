import { formatAbhaNumber, messageLanguageLabels, type Patient } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { fDate } from '@/lib/format';
import { ageText } from './patient-labels';

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
  const state = patient.messageConsent ? 'Agrees to WhatsApp and SMS' : 'Does not agree to WhatsApp and SMS';
  if (!patient.messageConsentBy || !patient.messageConsentAt) return state;
  return `${state}\nchanged by ${patient.messageConsentBy} on ${fDate(patient.messageConsentAt)}`;
}

/** Demographics: everything on the record besides name and phone (those are in the header). */
export function PatientDetailsCard({ patient }: { patient: Patient }) {
  return (
    <Card variant="outlined">
      <CardHeader
        title={
          <Typography variant="h6" component="h2">
            Details
          </Typography>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Box component="dl" sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Detail label="UHID">{patient.uhid}</Detail>
          <Detail label="Date of birth">{patient.dobEstimated ? 'Not known (age given)' : fDate(patient.dateOfBirth)}</Detail>
          <Detail label="Age">{ageText(patient)}</Detail>
          <Detail label="Blood group">{patient.bloodGroup ?? '-'}</Detail>
          <Detail label="ABHA number">{patient.abhaNumber ? formatAbhaNumber(patient.abhaNumber) : '-'}</Detail>
          <Detail label="ABHA address">{patient.abhaAddress ?? '-'}</Detail>
          <Detail label="E-mail">{patient.email ? <Link href={`mailto:${patient.email}`}>{patient.email}</Link> : '-'}</Detail>
          <Detail label="Address">{patient.address ?? '-'}</Detail>
          <Detail label="Notes">{patient.notes ?? '-'}</Detail>
          <Detail label="Messages">{consentText(patient)}</Detail>
          <Detail label="Message language">{patient.messageLanguage ? messageLanguageLabels[patient.messageLanguage] : 'Organisation default'}</Detail>
          <Detail label="Registered on">{fDate(patient.createdAt)}</Detail>
        </Box>
      </CardContent>
    </Card>
  );
}
