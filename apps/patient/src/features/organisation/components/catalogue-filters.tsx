import { useId } from 'react';
import { useT } from '@/i18n/use-t';
import type { CatalogueFilters, PublicFacility } from '../catalogue';

interface CatalogueFiltersProps {
  value: CatalogueFilters;
  onChange: (value: CatalogueFilters) => void;
  facilities: PublicFacility[];
  specializations: string[];
}

/** Search by name, and narrow by facility and specialisation (each only when there is a choice). */
export function CatalogueFilterBar({ value, onChange, facilities, specializations }: CatalogueFiltersProps) {
  const t = useT();
  const id = useId();
  return (
    <div className="filters" role="search" aria-label={t('organisation.filters')}>
      <div className="filters__field filters__field--search">
        <label htmlFor={`${id}-search`}>{t('organisation.search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder={t('organisation.searchPlaceholder')}
          value={value.search}
          onChange={(event) => onChange({ ...value, search: event.target.value })}
        />
      </div>
      {facilities.length > 1 && (
        <div className="filters__field">
          <label htmlFor={`${id}-facility`}>{t('organisation.facility')}</label>
          <select id={`${id}-facility`} value={value.facilityId} onChange={(event) => onChange({ ...value, facilityId: event.target.value })}>
            <option value="">{t('organisation.allFacilities')}</option>
            {facilities.map((facility) => (
              <option key={facility.id} value={facility.id}>
                {facility.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {specializations.length > 1 && (
        <div className="filters__field">
          <label htmlFor={`${id}-specialization`}>{t('organisation.specialization')}</label>
          <select id={`${id}-specialization`} value={value.specialization} onChange={(event) => onChange({ ...value, specialization: event.target.value })}>
            <option value="">{t('organisation.allSpecializations')}</option>
            {specializations.map((specialization) => (
              <option key={specialization} value={specialization}>
                {specialization}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
