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

/** What became of a place in line, in a line: booked (and the visit), ran out, declined, left. */
export function OutcomeItem({ entry }: { entry: Entry }) {
  const t = useT();
  const format = useFormat();
  const outcome = entry.status === 'WAITING' || entry.status === 'OFFERED' ? null : OUTCOME[entry.status];
  return (
    <div className={`outcome-item outcome-item--${entry.status.toLowerCase()}`}>
      <p>
        <strong>{`${entry.ownerName}, ${format.date(entry.date)}`}</strong>
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
