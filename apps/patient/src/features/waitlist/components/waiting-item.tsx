import { Button } from '@/components/button';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import type { Entry } from '../waitlist';

/** 'You are 2nd in line for Dr. X on Fri, 5 Dec, 2025', where, for whom, and the way off the list. */
export function WaitingItem({ entry, onLeave }: { entry: Entry; onLeave: (entry: Entry) => void }) {
  const t = useT();
  const format = useFormat();
  const date = format.date(entry.date);
  return (
    <article className="waiting-item">
      <p className="waiting-item__line">
        {entry.position === null ? t('waitlist.inLine', { owner: entry.ownerName, date }) : t('waitlist.position', { position: entry.position, owner: entry.ownerName, date })}
      </p>
      <p className="waiting-item__detail">{t('waitlist.whereFor', { organisation: entry.organisation.name, patient: entry.patientName })}</p>
      <Button variant="secondary" aria-label={t('waitlist.leaveNamed', { owner: entry.ownerName, date })} onClick={() => onLeave(entry)}>
        {t('waitlist.leave')}
      </Button>
    </article>
  );
}
