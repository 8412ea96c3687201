import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { Button } from '@/components/button';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { HOLD_TIME_ZONE, useNow, type Entry } from '../waitlist';

interface OfferCardProps {
  entry: Entry;
  /** While the place is being booked: both buttons wait. */
  busy: boolean;
  onAccept: (entry: Entry) => void;
  onDecline: (entry: Entry) => void;
}

/** 'Held for you for 24 min 05 s', ticking; after the hold, that it ran out. */
function Countdown({ expiresAt }: { expiresAt: string }) {
  const t = useT();
  const { i18n } = useLingui();
  const end = Date.parse(expiresAt);
  const now = useNow(true);
  const left = Math.max(0, Math.ceil((end - now) / 1000));
  const until = i18n.date(new Date(end), { hour: 'numeric', minute: '2-digit', timeZone: HOLD_TIME_ZONE });
  if (left === 0) return <p className="offer-card__countdown offer-card__countdown--over">{t('waitlist.expired')}</p>;
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return (
    <p className="offer-card__countdown">
      {/* Not a live region: read out each second it would drown everything else. */}
      <strong>{minutes > 0 ? t('waitlist.heldFor', { minutes, seconds }) : t('waitlist.heldForSeconds', { seconds: left })}</strong>
      <span>{t('waitlist.heldUntil', { time: until })}</span>
    </p>
  );
}

/** A freed place held for the patient: who, where, when, for whom, how long it is held, and take it or not. */
export function OfferCard({ entry, busy, onAccept, onDecline }: OfferCardProps) {
  const t = useT();
  const format = useFormat();
  const titleId = useId();
  // The catalogue joins them: each language orders a date and a time its own way.
  const when = t('dates.dateAt', { date: format.date(entry.date), time: format.time(entry.offer!.startTime) });
  return (
    <article className="offer-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('waitlist.offerTitle')}</h3>
      <dl>
        <dt>{t('waitlist.with')}</dt>
        <dd>{entry.ownerName}</dd>
        <dt>{t('visits.where')}</dt>
        <dd>{entry.organisation.name}</dd>
        <dt>{t('visits.when')}</dt>
        <dd>{when}</dd>
        <dt>{t('visits.for')}</dt>
        <dd>{entry.patientName}</dd>
      </dl>
      <Countdown expiresAt={entry.offer!.expiresAt} />
      <div className="actions">
        <Button disabled={busy} aria-label={t('waitlist.takeNamed', { owner: entry.ownerName, when })} onClick={() => onAccept(entry)}>
          {busy ? t('waitlist.taking') : t('waitlist.take')}
        </Button>
        <Button variant="secondary" disabled={busy} aria-label={t('waitlist.declineNamed', { owner: entry.ownerName, when })} onClick={() => onDecline(entry)}>
          {t('waitlist.decline')}
        </Button>
      </div>
    </article>
  );
}
