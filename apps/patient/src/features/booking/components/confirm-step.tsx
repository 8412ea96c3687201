import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import type { Bookable } from '../bookable';
import type { SlotChoice } from '../slot-draft';

interface ConfirmStepProps {
  bookable: Bookable;
  organisationName: string;
  slot: SlotChoice;
  personName: string;
  reason: string;
  error: string | null;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

/** Everything the booking will say, once more, before it is made. */
export function ConfirmStep({ bookable, organisationName, slot, personName, reason, error, busy, onConfirm, onBack }: ConfirmStepProps) {
  const t = useT();
  const format = useFormat();
  const doctor = bookable.kind === 'doctors';
  return (
    <div className="booking__form">
      <dl className="summary">
        <div>
          <dt>{doctor ? t('confirm.doctor') : t('confirm.service')}</dt>
          <dd>{bookable.detail ? `${bookable.name} · ${bookable.detail}` : bookable.name}</dd>
        </div>
        <div>
          <dt>{t('confirm.where')}</dt>
          <dd>{bookable.facility ? `${organisationName} · ${bookable.facility.name}` : organisationName}</dd>
        </div>
        <div>
          <dt>{t('confirm.when')}</dt>
          <dd>{t('dates.dateAt', { date: format.date(slot.date), time: format.time(slot.start) })}</dd>
        </div>
        <div>
          <dt>{doctor ? t('confirm.fee') : t('confirm.price')}</dt>
          <dd>{t('confirm.payAtDesk', { amount: format.money(bookable.pricePaise) })}</dd>
        </div>
        <div>
          <dt>{t('confirm.for')}</dt>
          <dd>{personName}</dd>
        </div>
        {reason.trim() && (
          <div>
            <dt>{t('confirm.reason')}</dt>
            <dd>{reason.trim()}</dd>
          </div>
        )}
      </dl>
      {error && <Alert>{error}</Alert>}
      <div className="actions">
        <Button disabled={busy} onClick={onConfirm}>
          {busy ? t('confirm.booking') : t('confirm.submit')}
        </Button>
        <Button variant="quiet" disabled={busy} onClick={onBack}>
          {t('book.back')}
        </Button>
      </div>
    </div>
  );
}
