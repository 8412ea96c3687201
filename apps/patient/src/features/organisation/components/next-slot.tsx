import type { PublicOrganisation } from '@caredesk/shared';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { addDays, todayIn } from '@/lib/dates';

interface NextSlotProps {
  nextSlot: PublicOrganisation['doctors'][number]['nextSlot'];
  timeZone: string;
  horizonDays: number;
}

/** 'Next free: Today, 10:30 am', 'Next free: Tue, 25 Nov, 9:00 am', or none within the horizon. */
export function NextSlot({ nextSlot, timeZone, horizonDays }: NextSlotProps) {
  const t = useT();
  const format = useFormat();
  if (!nextSlot) return <p className="catalogue-card__next catalogue-card__next--none">{t('organisation.noFreeSlots', { days: horizonDays })}</p>;
  const today = todayIn(timeZone);
  const time = format.time(nextSlot.startTime);
  const when =
    nextSlot.date === today
      ? t('dates.todayAt', { time })
      : nextSlot.date === addDays(today, 1)
        ? t('dates.tomorrowAt', { time })
        : t('dates.dateAt', { date: format.shortDate(nextSlot.date), time });
  return <p className="catalogue-card__next">{t('organisation.nextFree', { when })}</p>;
}
