import { appointmentStatuses, type AppointmentStatus } from '@caredesk/shared';
import type { ReactNode } from 'react';
import { FilterSelect } from '@/components/records/filter-select';
import type { DateRange } from '@/components/visits/date-range';
import { VisitFilters } from '@/components/visits/visit-filters';
import { useActiveDoctors } from '@/components/doctors/active-doctors';
import { useT } from '../i18n';

interface AppointmentFiltersProps {
  range: DateRange;
  onRange: (range: DateRange) => void;
  doctorId: string;
  onDoctor: (doctorId: string) => void;
  statuses: AppointmentStatus[];
  onStatuses: (statuses: AppointmentStatus[]) => void;
  search: string;
  onSearch: (search: string) => void;
  awaitingConfirmation: boolean;
  onAwaitingConfirmation: (on: boolean) => void;
  /** At the end of the filters: the list's 'Export CSV'. */
  actions?: ReactNode;
}

/** Date range (with Today / Tomorrow / This week), doctor, statuses and the search box. */
export function AppointmentFilters({ doctorId, onDoctor, ...filters }: AppointmentFiltersProps) {
  const t = useT();
  const doctors = useActiveDoctors();
  const doctorOptions = (doctors.data ?? []).map((doctor) => ({ value: doctor.id, label: doctor.name }));
  return (
    <VisitFilters statusOptions={appointmentStatuses} {...filters}>
      <FilterSelect label={t('appointments.filter.doctor')} value={doctorId} options={doctorOptions} onChange={onDoctor} allLabel={t('appointments.filter.allDoctors')} />
    </VisitFilters>
  );
}
