import type { PublicOrganisation } from '@caredesk/shared';

export type PublicDoctor = PublicOrganisation['doctors'][number];
export type PublicService = PublicOrganisation['services'][number];
export type PublicFacility = PublicOrganisation['facilities'][number];

/** What the patient narrowed the catalogue to; '' means any. */
export interface CatalogueFilters {
  search: string;
  facilityId: string;
  specialization: string;
}

export const NO_FILTERS: CatalogueFilters = { search: '', facilityId: '', specialization: '' };

const folded = (text: string | null) => (text ?? '').toLocaleLowerCase('en-IN');

function matches(search: string, ...fields: (string | null)[]): boolean {
  const words = folded(search).split(/\s+/).filter(Boolean);
  const haystack = fields.map(folded).join(' ');
  return words.every((word) => haystack.includes(word));
}

/**
 * The doctors and scans/tests to show, filtered here: the whole catalogue comes in one answer.
 * A specialisation is a doctor's, so choosing one leaves no scans or tests.
 */
export function filterCatalogue(page: PublicOrganisation, filters: CatalogueFilters): { doctors: PublicDoctor[]; services: PublicService[] } {
  const atFacility = (facilityId: string | null) => !filters.facilityId || facilityId === filters.facilityId;
  const doctors = page.doctors.filter(
    (doctor) =>
      atFacility(doctor.facilityId) &&
      (!filters.specialization || doctor.specialization === filters.specialization) &&
      matches(filters.search, doctor.name, doctor.specialization, doctor.qualifications),
  );
  const services = filters.specialization ? [] : page.services.filter((service) => atFacility(service.facilityId) && matches(filters.search, service.name, service.category));
  return { doctors, services };
}

/** The specialisations of the organisation's doctors, each once, in alphabetical order. */
export function specializationsOf(page: PublicOrganisation): string[] {
  return [...new Set(page.doctors.map((doctor) => doctor.specialization))].sort((a, b) => a.localeCompare(b));
}

/** 'Dr. Kavya Rao' → 'KR': the initials shown where a doctor has no photo. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/^(dr|mr|mrs|ms)\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toLocaleUpperCase())
    .join('');
}
