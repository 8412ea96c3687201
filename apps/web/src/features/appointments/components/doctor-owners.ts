import type { Doctor } from '@caredesk/shared';
import { useActiveDoctors } from '@/components/doctors/active-doctors';
import type { VisitOwners } from '@/components/visits/owner-field';
import { fFee } from '@/components/visits/visit-format';
import { useT } from '../i18n';

/** The active doctors as an appointment's picker offers them: name, then speciality and fee. */
export function useDoctorOwners(): VisitOwners<Doctor> {
  const t = useT();
  const doctors = useActiveDoctors();
  return {
    label: t('appointments.field.doctor'),
    step: t('appointments.dialog.doctorStep'),
    options: doctors.data ?? [],
    loading: doctors.isPending,
    name: (doctor) => doctor.name,
    detail: (doctor) => `${doctor.specialization} · ${fFee(doctor.consultationFeePaise)}`,
  };
}
