import { bookingStatuses, type BookingStatus } from '@caredesk/shared';
import { FilterSelect } from '@/components/records/filter-select';
import type { DateRange } from '@/components/visits/date-range';
import { VisitFilters } from '@/components/visits/visit-filters';
import { useBookableServices } from '../api/get-bookable-services';
import { kindLabels } from './booking-format';

interface BookingFiltersProps {
  range: DateRange;
  onRange: (range: DateRange) => void;
  serviceId: string;
  onService: (serviceId: string) => void;
  kind: string;
  onKind: (kind: string) => void;
  statuses: BookingStatus[];
  onStatuses: (statuses: BookingStatus[]) => void;
  search: string;
  onSearch: (search: string) => void;
  awaitingConfirmation: boolean;
  onAwaitingConfirmation: (on: boolean) => void;
}

const KIND_OPTIONS = [
  { value: 'SCAN', label: `${kindLabels.SCAN}s` },
  { value: 'TEST', label: `${kindLabels.TEST}s` },
];

/** Date range (with Today / Tomorrow / This week), scan or test, kind, statuses and the search box. */
export function BookingFilters({ serviceId, onService, kind, onKind, ...filters }: BookingFiltersProps) {
  const services = useBookableServices();
  const serviceOptions = (services.data ?? []).map((service) => ({ value: service.id, label: service.name }));
  return (
    <VisitFilters statusOptions={bookingStatuses} {...filters}>
      <FilterSelect label="Scan / test" value={serviceId} options={serviceOptions} onChange={onService} allLabel="All scans and tests" />
      <FilterSelect label="Kind" value={kind} options={KIND_OPTIONS} onChange={onKind} allLabel="Scans and tests" />
    </VisitFilters>
  );
}
