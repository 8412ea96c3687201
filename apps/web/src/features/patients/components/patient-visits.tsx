import type { AppointmentSummary, BookingSummary } from '@caredesk/shared';
import BookOnlineOutlined from '@mui/icons-material/BookOnlineOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import { paths } from '@/config/paths';
import { usePatientAppointments, usePatientBookings } from '../api/get-patient-visits';
import { PatientVisitList } from './patient-visit-list';

const bookHref = (path: string, patientId: string) => `${path}?new=1&patientId=${encodeURIComponent(patientId)}`;

/** The Appointments tab: the patient's appointments, newest first, and 'Book appointment'. */
export function PatientAppointments({ patientId }: { patientId: string }) {
  return (
    <PatientVisitList<AppointmentSummary>
      visits={usePatientAppointments(patientId)}
      label="Appointments"
      icon={<EventNoteOutlined />}
      empty={{ title: 'No appointments yet', description: 'Appointments booked for this patient will be listed here.' }}
      book={{ href: bookHref(paths.appointments, patientId), label: 'Book appointment' }}
      detail={(row) => `${row.doctorName} · ${row.specialization}`}
    />
  );
}

/** The Bookings tab: the patient's scan and test bookings, newest first, and 'Book scan or test'. */
export function PatientBookings({ patientId }: { patientId: string }) {
  return (
    <PatientVisitList<BookingSummary>
      visits={usePatientBookings(patientId)}
      label="Bookings"
      icon={<BookOnlineOutlined />}
      empty={{ title: 'No bookings yet', description: 'Scan and test bookings for this patient will be listed here.' }}
      book={{ href: bookHref(paths.bookings, patientId), label: 'Book scan or test' }}
      detail={(row) => (row.category ? `${row.serviceName} · ${row.category}` : row.serviceName)}
    />
  );
}
