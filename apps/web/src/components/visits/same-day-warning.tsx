import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import type { SameDayVisit, VisitKind } from './api/get-same-day-visits';
import { fTimeOfDay, fVisitDate } from './visit-format';
import { statusLabels } from './visit-status';
import { useT } from './i18n';

interface SameDayWarningProps {
  kind: VisitKind;
  patientName: string;
  ownerName: string;
  date: string;
  visits: SameDayVisit[];
}

/** The patient is already booked with this doctor (or scan/test) that day: a warning, never a block. */
export function SameDayWarning({ kind, patientName, ownerName, date, visits }: SameDayWarningProps) {
  const t = useT();
  const list = kind === 'appointments' ? paths.appointments : paths.bookings;
  return (
    <Alert severity="warning" role="status" aria-label={t('visits.sameDay.label')}>
      <AlertTitle>{t('visits.sameDay.title', { kind, patientName, ownerName, date: fVisitDate(date) })}</AlertTitle>
      {visits.map((visit) => (
        <div key={visit.id}>
          {t('visits.sameDay.visit', { token: visit.tokenLabel, time: fTimeOfDay(visit.startTime), status: statusLabels[visit.status] })}{' '}
          <Link component={RouterLink} to={`${list}?open=${encodeURIComponent(visit.id)}`} aria-label={t('visits.sameDay.openToken', { token: visit.tokenLabel })}>
            {t('visits.sameDay.open')}
          </Link>
        </div>
      ))}
      {t('visits.sameDay.hint')}
    </Alert>
  );
}
