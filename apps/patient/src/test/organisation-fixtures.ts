import type { PublicOrganisation, SlotsResponse } from '@caredesk/shared';
import { addDays, todayIn } from '@/lib/dates';

export const ORGANISATION_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
export const MAIN_CAMPUS = '0b8e1f64-3c1a-4a43-9b0e-0000000000f1';
export const CITY_CENTRE = '0b8e1f64-3c1a-4a43-9b0e-0000000000f2';
export const KAVYA = '0b8e1f64-3c1a-4a43-9b0e-0000000000d1';
export const ARJUN = '0b8e1f64-3c1a-4a43-9b0e-0000000000d2';
export const MEERA = '0b8e1f64-3c1a-4a43-9b0e-0000000000d3';
export const MRI = '0b8e1f64-3c1a-4a43-9b0e-0000000000s1';

/** The organisation's today (India), and a day that many days after it. */
export const today = () => todayIn('Asia/Kolkata');
export const inDays = (days: number) => addDays(today(), days);

/** Sanjeevani's public page: two facilities, three doctors (one fully booked), an MRI. */
export function publicPage(overrides: Partial<PublicOrganisation> = {}): PublicOrganisation {
  return {
    id: ORGANISATION_ID,
    slug: 'sanjeevani-hospital',
    name: 'Sanjeevani Multispeciality Hospital',
    logoUrl: '/api/uploads/logo.png',
    type: 'MULTIHOSPITAL',
    timeZone: 'Asia/Kolkata',
    horizonDays: 14,
    cutoffMinutes: 60,
    requireConfirmation: false,
    facilities: [
      {
        id: MAIN_CAMPUS,
        name: 'Main campus',
        address: '12 MG Road, Bengaluru 560001',
        phone: '+91 80 4123 4567',
        hours: [
          {
            weekday: 1,
            windows: [
              { start: '09:00', end: '13:00' },
              { start: '17:00', end: '20:00' },
            ],
          },
          { weekday: 2, windows: [{ start: '09:00', end: '13:00' }] },
        ],
        mapUrl: 'https://www.google.com/maps/search/?api=1&query=12%20MG%20Road',
      },
      { id: CITY_CENTRE, name: 'City centre clinic', address: null, phone: null, hours: [], mapUrl: null },
    ],
    doctors: [
      {
        id: KAVYA,
        name: 'Dr. Kavya Rao',
        photoUrl: null,
        specialization: 'Cardiology',
        qualifications: 'MBBS, MD, DM (Cardiology)',
        facilityId: MAIN_CAMPUS,
        feePaise: 150_000_00,
        slotMinutes: 15,
        nextSlot: { date: today(), startTime: '10:30' },
      },
      {
        id: ARJUN,
        name: 'Dr. Arjun Mehta',
        photoUrl: '/api/uploads/arjun.jpg',
        specialization: 'Orthopaedics',
        qualifications: null,
        facilityId: CITY_CENTRE,
        feePaise: 60_000,
        slotMinutes: 15,
        nextSlot: { date: '2099-03-14', startTime: '09:00' },
      },
      {
        id: MEERA,
        name: 'Dr. Meera Iyer',
        photoUrl: null,
        specialization: 'Cardiology',
        qualifications: null,
        facilityId: CITY_CENTRE,
        feePaise: 80_050,
        slotMinutes: 15,
        nextSlot: null,
      },
    ],
    services: [
      {
        id: MRI,
        name: 'MRI Brain',
        kind: 'SCAN',
        category: 'MRI',
        pricePaise: 450_000,
        preparation: 'No metal objects; fast for 4 hours.',
        includes: [],
        facilityId: MAIN_CAMPUS,
        nextSlot: { date: inDays(1), startTime: '08:00' },
      },
    ],
    ...overrides,
  };
}

export function slots(date: string, starts: string[]): SlotsResponse {
  return {
    date,
    timeZone: 'Asia/Kolkata',
    slots: starts.map((start) => {
      const [hours, minutes] = start.split(':').map(Number) as [number, number];
      const end = hours * 60 + minutes + 15;
      return { start, end: `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`, capacity: 1, remaining: 1 };
    }),
  };
}
