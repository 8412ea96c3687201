import { ButtonLink } from '@/components/button';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT, type MessageId } from '@/i18n/use-t';
import type { Entry } from '../waitlist';

const OUTCOME: Record<Exclude<Entry['status'], 'WAITING' | 'OFFERED'>, MessageId> = {
  BOOKED: 'waitlist.outcome.BOOKED',
  LAPSED: 'waitlist.outcome.LAPSED',
  DECLINED: 'waitlist.outcome.DECLINED',
  LEFT: 'waitlist.outcome.LEFT',
};
/** LAPSED without an offer: the day ended while the patient still waited, no place having opened. */
const DAY_ENDED: MessageId = 'waitlist.outcome.dayEnded';

/** What became of a place in line, in a line: booked (and the visit), ran out, no place opened, declined, left. */
export function OutcomeItem({ entry }: { entry: Entry }) {
  const t = useT();
  const format = useFormat();
  // The day's end lapses the whole line: only a place that was held for the patient ran out.
  const outcome = entry.status === 'WAITING' || entry.status === 'OFFERED' ? null : entry.status === 'LAPSED' && !entry.wasOffered ? DAY_ENDED : OUTCOME[entry.status];
  return (
    <div className={`outcome-item outcome-item--${entry.status.toLowerCase()}`}>
      <p>
        <strong>{t('waitlist.ownerOnDate', { owner: entry.ownerName, date: format.date(entry.date) })}</strong>
        {outcome && <span>{t(outcome)}</span>}
      </p>
      {entry.status === 'BOOKED' && entry.visitId && (
        <ButtonLink variant="quiet" to={paths.visits.getHref()} aria-label={t('waitlist.seeVisitNamed', { owner: entry.ownerName })}>
          {t('waitlist.seeVisit')}
        </ButtonLink>
      )}
    </div>
  );
}
