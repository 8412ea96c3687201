import type { ReactNode } from 'react';
import { SlotPicker } from '@/components/visits/slot-picker';
import { useDoctorSlots } from '../api/get-doctor-slots';
import { useT } from '../i18n';

interface DoctorSlotPickerProps {
  doctorId: string | null;
  date: string;
  value: string | null;
  onChange: (start: string | null, extra?: boolean) => void;
  /** A new visit: full slots may be booked as extras, in the day's allowance. */
  offerExtras?: boolean;
  /** A reschedule: extras offered as a move. */
  moving?: boolean;
  extra?: boolean;
  /** Under 'No free slots' on a full day: 'Add to waitlist'. */
  whenFull?: ReactNode;
}

/** The doctor's free slots on the date, live through ['doctor-slots', doctorId, date]. */
export function DoctorSlotPicker({ doctorId, date, value, onChange, offerExtras, moving, extra, whenFull }: DoctorSlotPickerProps) {
  const t = useT();
  return (
    <SlotPicker
      slots={useDoctorSlots(doctorId, date)}
      ready={Boolean(doctorId && date)}
      prompt={t('appointments.slots.prompt')}
      emptyHint={t('appointments.slots.emptyHint')}
      value={value}
      onChange={onChange}
      offerExtras={offerExtras}
      moving={moving}
      extra={extra}
      whenFull={whenFull}
    />
  );
}
