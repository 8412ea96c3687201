import { SlotPicker } from '@/components/visits/slot-picker';
import { useServiceSlots } from '../api/get-service-slots';

interface ServiceSlotPickerProps {
  serviceId: string | null;
  date: string;
  value: string | null;
  onChange: (start: string | null) => void;
}

/** The scan's or test's free places on the date, live through ['service-slots', serviceId, date]. */
export function ServiceSlotPicker({ serviceId, date, value, onChange }: ServiceSlotPickerProps) {
  return (
    <SlotPicker
      slots={useServiceSlots(serviceId, date)}
      ready={Boolean(serviceId && date)}
      prompt="Choose a scan or test and a date to see the free slots."
      emptyHint="Pick another date, or another scan or test."
      value={value}
      onChange={onChange}
    />
  );
}
