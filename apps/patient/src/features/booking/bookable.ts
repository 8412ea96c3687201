import type { PublicOrganisation } from '@caredesk/shared';
import type { BookingKind } from '@/config/paths';
import { addDays, datesBetween, todayIn } from '@/lib/dates';

type Facility = PublicOrganisation['facilities'][number];

/** What is being booked, doctor or scan/test alike (design.md §10: one idea of a visit). */
export interface Bookable {
  kind: BookingKind;
  id: string;
  name: string;
  /** The specialisation, or the scan/test's category. */
  detail: string | null;
  facility: Facility | null;
  pricePaise: number;
  nextSlot: { date: string; startTime: string } | null;
}

export function findBookable(page: PublicOrganisation, kind: BookingKind, id: string): Bookable | null {
  const facilityOf = (facilityId: string | null) => page.facilities.find((facility) => facility.id === facilityId) ?? null;
  if (kind === 'doctors') {
    const doctor = page.doctors.find((candidate) => candidate.id === id);
    return doctor
      ? { kind, id, name: doctor.name, detail: doctor.specialization, facility: facilityOf(doctor.facilityId), pricePaise: doctor.feePaise, nextSlot: doctor.nextSlot }
      : null;
  }
  const service = page.services.find((candidate) => candidate.id === id);
  return service
    ? { kind, id, name: service.name, detail: service.category, facility: facilityOf(service.facilityId), pricePaise: service.pricePaise, nextSlot: service.nextSlot }
    : null;
}

/**
 * The dates to offer: from the next free slot's date (nothing is free before it) to the last day
 * the organisation takes online bookings, today plus its horizon.
 */
export function bookingDates(page: PublicOrganisation, bookable: Bookable, now = new Date()): string[] {
  const today = todayIn(page.timeZone, now);
  const first = bookable.nextSlot && bookable.nextSlot.date > today ? bookable.nextSlot.date : today;
  return datesBetween(first, addDays(today, page.horizonDays));
}
