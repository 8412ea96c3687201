import type { Service } from '@caredesk/shared';
import type { VisitOwners } from '@/components/visits/owner-field';
import { fFee } from '@/components/visits/visit-format';
import { useBookableServices } from '../api/get-bookable-services';
import { useT } from '../i18n';
import { kindLabel } from './booking-format';

/** The active scans and tests as a booking's picker offers them: name, then category (or kind) and price. */
export function useServiceOwners(): VisitOwners<Service> {
  const t = useT();
  const services = useBookableServices();
  return {
    label: t('bookings.dialog.service'),
    step: t('bookings.dialog.serviceStep'),
    options: services.data ?? [],
    loading: services.isPending,
    name: (service) => service.name,
    detail: (service) => `${service.category ?? kindLabel(service.kind)} · ${fFee(service.pricePaise)}`,
  };
}
