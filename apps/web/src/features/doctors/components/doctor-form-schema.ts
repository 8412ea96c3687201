import { doctorInputSchema, rupeesToPaise, type Doctor, type DoctorInput } from '@caredesk/shared';
import type { z } from 'zod';
import { fPhone } from '@/lib/format';
import { t } from '../i18n';
import { optionalNumber, optionalText, paiseToRupeesText, requiredNumber, rupeesField, textOf } from '@/components/records/form-values';

const shape = doctorInputSchema.shape;

/**
 * The shared doctor schema as a form takes it: text inputs, and the fee in rupees, not paise.
 * Built when the form opens, so that its own messages are in the language of that moment.
 */
export const doctorFormSchema = () =>
  doctorInputSchema.omit({ consultationFeePaise: true }).extend({
    consultationFee: rupeesField,
    qualifications: optionalText(shape.qualifications),
    experienceYears: optionalNumber(shape.experienceYears),
    phone: optionalText(shape.phone),
    email: optionalText(shape.email),
    bio: optionalText(shape.bio),
    tokenPrefix: optionalText(shape.tokenPrefix),
    room: optionalText(shape.room),
    slotMinutes: requiredNumber(shape.slotMinutes, t('doctors.error.slotMinutes')),
    patientsPerSlot: requiredNumber(shape.patientsPerSlot, t('doctors.error.patientsPerSlot')),
    extraPerDay: requiredNumber(shape.extraPerDay, t('doctors.error.extraPerDay')),
  });
export type DoctorFormInput = z.input<ReturnType<typeof doctorFormSchema>>;
export type DoctorFormOutput = z.output<ReturnType<typeof doctorFormSchema>>;

/** API field names that the form spells differently (for server issues). */
export const doctorFieldMap = { consultationFeePaise: 'consultationFee' };

export function doctorFormDefaults(doctor?: Doctor): DoctorFormInput {
  return {
    name: doctor?.name ?? '',
    photoUrl: doctor?.photoUrl ?? null,
    specialization: doctor?.specialization ?? '',
    qualifications: textOf(doctor?.qualifications),
    experienceYears: textOf(doctor?.experienceYears),
    consultationFee: doctor ? paiseToRupeesText(doctor.consultationFeePaise) : '',
    phone: doctor?.phone ? fPhone(doctor.phone) : '',
    email: textOf(doctor?.email),
    bio: textOf(doctor?.bio),
    tokenPrefix: textOf(doctor?.tokenPrefix),
    room: textOf(doctor?.room),
    slotMinutes: textOf(doctor?.slotMinutes ?? 15),
    patientsPerSlot: textOf(doctor?.patientsPerSlot ?? 1),
    extraPerDay: textOf(doctor?.extraPerDay ?? 0),
    facilityId: doctor?.facilityId ?? null,
    availability: doctor?.availability ?? [],
    leaveDates: doctor?.leaveDates ?? [],
    active: doctor?.active ?? true,
  };
}

/**
 * The API body: fee in paise. Organisations without facilities never send facilityId, so an
 * edit cannot clear the one the server assigned.
 */
export function doctorInputOf(values: DoctorFormOutput, managesFacilities: boolean): DoctorInput {
  const { consultationFee, facilityId, ...rest } = values;
  return {
    ...rest,
    consultationFeePaise: rupeesToPaise(consultationFee),
    ...(managesFacilities ? { facilityId: facilityId ?? null } : {}),
  };
}
