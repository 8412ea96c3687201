import type { AppointmentSummary, BookingSummary } from '@caredesk/shared';
import BookOnlineOutlined from '@mui/icons-material/BookOnlineOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import { paths } from '@/config/paths';
import { usePatientAppointments, usePatientBookings } from '../api/get-patient-visits';
import { PatientVisitList } from './patient-visit-list';
import { useT } from '../i18n';

const bookHref = (path: string, patientId: string) => `${path}?${new URLSearchParams({ new: '1', patientId }).toString()}`;

/** The Appointments tab: the patient's appointments, newest first, and 'Book appointment'. */
export function PatientAppointments({ patientId }: { patientId: string }) {
  const t = useT();
  return (
    <PatientVisitList<AppointmentSummary>
      visits={usePatientAppointments(patientId)}
      label={t('patients.tab.appointments')}
      icon={<EventNoteOutlined />}
      empty={{ title: t('patients.appointments.empty'), description: t('patients.appointments.emptyDescription') }}
      book={{ href: bookHref(paths.appointments, patientId), label: t('patients.visits.bookAppointment') }}
      detail={(row) => `${row.doctorName} · ${row.specialization}`}
    />
  );
}

/** The Bookings tab: the patient's scan and test bookings, newest first, and 'Book scan or test'. */
export function PatientBookings({ patientId }: { patientId: string }) {
  const t = useT();
  return (
    <PatientVisitList<BookingSummary>
      visits={usePatientBookings(patientId)}
      label={t('patients.tab.bookings')}
      icon={<BookOnlineOutlined />}
      empty={{ title: t('patients.bookings.empty'), description: t('patients.bookings.emptyDescription') }}
      book={{ href: bookHref(paths.bookings, patientId), label: t('patients.visits.bookScan') }}
      detail={(row) => (row.category ? `${row.serviceName} · ${row.category}` : row.serviceName)}
    />
  );
}
