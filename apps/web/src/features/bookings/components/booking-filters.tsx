import { bookingStatuses, type BookingStatus } from '@caredesk/shared';
import type { ReactNode } from 'react';
import { FilterSelect } from '@/components/records/filter-select';
import type { DateRange } from '@/components/visits/date-range';
import { VisitFilters } from '@/components/visits/visit-filters';
import { useBookableServices } from '../api/get-bookable-services';
import { useT } from '../i18n';

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
  /** At the end of the filters: the list's 'Export CSV'. */
  actions?: ReactNode;
}

/** Date range (with Today / Tomorrow / This week), scan or test, kind, statuses and the search box. */
export function BookingFilters({ serviceId, onService, kind, onKind, ...filters }: BookingFiltersProps) {
  const t = useT();
  const kindOptions = [
    { value: 'SCAN', label: t('bookings.kind.scans') },
    { value: 'TEST', label: t('bookings.kind.tests') },
  ];
  const services = useBookableServices();
  const serviceOptions = (services.data ?? []).map((service) => ({ value: service.id, label: service.name }));
  return (
    <VisitFilters statusOptions={bookingStatuses} {...filters}>
      <FilterSelect label={t('bookings.filter.service')} value={serviceId} options={serviceOptions} onChange={onService} allLabel={t('bookings.filter.allServices')} />
      <FilterSelect label={t('bookings.filter.kind')} value={kind} options={kindOptions} onChange={onKind} allLabel={t('bookings.filter.allKinds')} />
    </VisitFilters>
  );
}
