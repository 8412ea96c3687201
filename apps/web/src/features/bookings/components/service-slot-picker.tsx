import type { ReactNode } from 'react';
import { SlotPicker } from '@/components/visits/slot-picker';
import { useServiceSlots } from '../api/get-service-slots';
import { useT } from '../i18n';

interface ServiceSlotPickerProps {
  serviceId: string | null;
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

/** The scan's or test's free places on the date, live through ['service-slots', serviceId, date]. */
export function ServiceSlotPicker({ serviceId, date, value, onChange, offerExtras, moving, extra, whenFull }: ServiceSlotPickerProps) {
  const t = useT();
  return (
    <SlotPicker
      slots={useServiceSlots(serviceId, date)}
      ready={Boolean(serviceId && date)}
      prompt={t('bookings.slots.prompt')}
      emptyHint={t('bookings.slots.emptyHint')}
      value={value}
      onChange={onChange}
      offerExtras={offerExtras}
      moving={moving}
      extra={extra}
      whenFull={whenFull}
    />
  );
}
