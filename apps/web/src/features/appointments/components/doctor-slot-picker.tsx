import { SlotPicker } from '@/components/visits/slot-picker';
import { useDoctorSlots } from '../api/get-doctor-slots';

interface DoctorSlotPickerProps {
  doctorId: string | null;
  date: string;
  value: string | null;
  onChange: (start: string | null) => void;
}

/** The doctor's free slots on the date, live through ['doctor-slots', doctorId, date]. */
export function DoctorSlotPicker({ doctorId, date, value, onChange }: DoctorSlotPickerProps) {
  return (
    <SlotPicker
      slots={useDoctorSlots(doctorId, date)}
      ready={Boolean(doctorId && date)}
      prompt="Choose a doctor and a date to see the free slots."
      emptyHint="Pick another date, or another doctor."
      value={value}
      onChange={onChange}
    />
  );
}
