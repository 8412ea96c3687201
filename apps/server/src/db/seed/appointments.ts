import type { appointmentHistory, appointments, doctors } from '../schema/index.js';
import { buildDemoVisits } from './visits.js';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];
type SeedDoctor = Pick<typeof doctors.$inferSelect, 'id' | 'facilityId' | 'availability' | 'slotMinutes' | 'patientsPerSlot' | 'leaveDates' | 'active' | 'consultationFeePaise'>;

export interface DemoAppointments {
  appointments: (Row<typeof appointments> & { id: string })[];
  history: Row<typeof appointmentHistory>[];
}

const REASONS = ['Follow-up visit', 'Fever and cough', 'Routine check-up', 'Blood pressure review', 'Knee pain', 'Review of test reports', 'Headache', 'Skin rash', null];
const CANCEL_REASONS = ['Patient travelling', 'Feeling better', 'Clash with work', 'Doctor called into surgery'];

/** Past, today's and upcoming doctor visits on the doctors' real slots (see buildDemoVisits). */
export function buildDemoAppointments(input: {
  seed: number;
  organisationId: string;
  doctors: SeedDoctor[];
  patientIds: string[];
  staffId: string;
  count: number;
  now: Date;
}): DemoAppointments {
  const owners = input.doctors.map((doctor) => ({
    id: doctor.id,
    facilityId: doctor.facilityId,
    active: doctor.active,
    pricePaise: doctor.consultationFeePaise,
    schedule: { availability: doctor.availability, slotMinutes: doctor.slotMinutes, capacity: doctor.patientsPerSlot, leaveDates: doctor.leaveDates },
  }));
  const { visits, history } = buildDemoVisits({ ...input, owners, reasons: REASONS, cancelReasons: CANCEL_REASONS });
  return {
    appointments: visits.map(({ ownerId, pricePaise, status, ...visit }) => ({
      ...visit,
      doctorId: ownerId,
      feePaise: pricePaise,
      status: status === 'IN_SERVICE' ? 'IN_CONSULTATION' : status,
    })),
    history: history.map(({ visitId, fromStatus, toStatus, ...entry }) => ({
      ...entry,
      appointmentId: visitId,
      fromStatus: fromStatus === 'IN_SERVICE' ? 'IN_CONSULTATION' : fromStatus,
      toStatus: toStatus === 'IN_SERVICE' ? 'IN_CONSULTATION' : toStatus,
    })),
  };
}
