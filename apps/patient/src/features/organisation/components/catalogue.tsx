import type { PublicOrganisation } from '@caredesk/shared';
import { useId, useState } from 'react';
import { useT } from '@/i18n/use-t';
import { filterCatalogue, NO_FILTERS, specializationsOf } from '../catalogue';
import { CatalogueFilterBar } from './catalogue-filters';
import { DoctorCard } from './doctor-card';
import { ServiceCard } from './service-card';

/** What can be booked online: filters, then the doctors and the scans/tests that match. */
export function Catalogue({ page }: { page: PublicOrganisation }) {
  const t = useT();
  const doctorsId = useId();
  const servicesId = useId();
  const [filters, setFilters] = useState(NO_FILTERS);
  const { doctors, services } = filterCatalogue(page, filters);
  const facilityName = (id: string | null) => page.facilities.find((facility) => facility.id === id)?.name ?? null;
  const common = { slug: page.slug, timeZone: page.timeZone, horizonDays: page.horizonDays };

  if (page.doctors.length === 0 && page.services.length === 0) {
    return <p className="page__lead">{t('organisation.nothingOnline')}</p>;
  }
  return (
    <>
      <CatalogueFilterBar value={filters} onChange={setFilters} facilities={page.facilities} specializations={specializationsOf(page)} />
      <p className="visually-hidden" role="status">
        {t('organisation.resultCount', { count: doctors.length + services.length })}
      </p>
      {doctors.length === 0 && services.length === 0 && <p className="page__lead">{t('organisation.noMatch')}</p>}
      {doctors.length > 0 && (
        <section aria-labelledby={doctorsId}>
          <h2 id={doctorsId}>{t('organisation.doctors', { count: doctors.length })}</h2>
          <ul className="catalogue-list" aria-labelledby={doctorsId}>
            {doctors.map((doctor) => (
              <li key={doctor.id}>
                <DoctorCard doctor={doctor} facilityName={facilityName(doctor.facilityId)} {...common} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {services.length > 0 && (
        <section aria-labelledby={servicesId}>
          <h2 id={servicesId}>{t('organisation.services', { count: services.length })}</h2>
          <ul className="catalogue-list" aria-labelledby={servicesId}>
            {services.map((service) => (
              <li key={service.id}>
                <ServiceCard service={service} facilityName={facilityName(service.facilityId)} {...common} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
