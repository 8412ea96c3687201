import type { AppointmentSummary } from '@caredesk/shared';
import type { RecordColumn } from '@/components/records/record-column';
import { TwoLines, VisitCard, visitColumns, visitSortFields } from '@/components/visits/visit-columns';
import { t } from '../i18n';
import { AppointmentActions } from './appointment-actions';

/** Grid column field -> API sort key. */
export const appointmentSortFields = visitSortFields;

export const appointmentColumns = (showDate: boolean): RecordColumn<AppointmentSummary>[] =>
  visitColumns<AppointmentSummary>({
    showDate,
    owner: {
      field: 'doctorName',
      headerName: t('appointments.column.doctor'),
      flex: 1,
      minWidth: 170,
      render: (row) => <TwoLines first={row.doctorName} second={row.specialization} />,
    },
    renderActions: (row) => <AppointmentActions appointment={row} compact />,
  });

/** A row as a card on phones. */
export function AppointmentCard({ appointment }: { appointment: AppointmentSummary }) {
  return <VisitCard visit={appointment} detail={`${appointment.doctorName} · ${appointment.specialization}`} />;
}
