import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import type { SameDayVisit, VisitKind } from './api/get-same-day-visits';
import { fTimeOfDay, fVisitDate } from './visit-format';
import { statusLabels } from './visit-status';

interface SameDayWarningProps {
  kind: VisitKind;
  patientName: string;
  ownerName: string;
  date: string;
  visits: SameDayVisit[];
}

/** The patient is already booked with this doctor (or scan/test) that day: a warning, never a block. */
export function SameDayWarning({ kind, patientName, ownerName, date, visits }: SameDayWarningProps) {
  const noun = kind === 'appointments' ? 'an appointment' : 'a booking';
  const list = kind === 'appointments' ? paths.appointments : paths.bookings;
  return (
    <Alert severity="warning" role="status" aria-label="Already booked that day">
      <AlertTitle>
        {patientName} already has {noun} with {ownerName} on {fVisitDate(date)}
      </AlertTitle>
      {visits.map((visit) => (
        <div key={visit.id}>
          Token {visit.tokenLabel} at {fTimeOfDay(visit.startTime)} · {statusLabels[visit.status]} ·{' '}
          <Link component={RouterLink} to={`${list}?open=${encodeURIComponent(visit.id)}`} aria-label={`Open token ${visit.tokenLabel}`}>
            Open
          </Link>
        </div>
      ))}
      Book another only if that is intended: ‘Book anyway’.
    </Alert>
  );
}
