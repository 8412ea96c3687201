import type { PatientReceipt } from '@caredesk/shared';
import { useId } from 'react';
import { useFormat } from '@/i18n/format';
import { useT, type MessageId } from '@/i18n/use-t';
import { DownloadButton } from './download-button';

const KIND: Record<PatientReceipt['kind'], MessageId> = { RECEIPT: 'receipts.kind.RECEIPT', CREDIT_NOTE: 'receipts.kind.CREDIT_NOTE' };
const MODE: Record<PatientReceipt['mode'], MessageId> = {
  CASH: 'receipts.mode.CASH',
  UPI: 'receipts.mode.UPI',
  CARD: 'receipts.mode.CARD',
  ONLINE: 'receipts.mode.ONLINE',
};

/** One receipt or credit note: its number, the money, when, where, what for, and its PDF. */
export function ReceiptCard({ receipt }: { receipt: PatientReceipt }) {
  const t = useT();
  const format = useFormat();
  const titleId = useId();
  const refund = receipt.kind === 'CREDIT_NOTE';
  return (
    <article className={`receipt-card${refund ? ' receipt-card--refund' : ''}`} aria-labelledby={titleId}>
      <div className="receipt-card__head">
        <div>
          <p className="receipt-card__kind">{t(KIND[receipt.kind])}</p>
          <h3 id={titleId}>{receipt.number}</h3>
        </div>
        <p className="receipt-card__amount">{refund ? `− ${format.money(receipt.amountPaise)}` : format.money(receipt.amountPaise)}</p>
      </div>
      <dl>
        <dt>{t('receipts.date')}</dt>
        <dd>{format.date(receipt.businessDate)}</dd>
        <dt>{t('receipts.where')}</dt>
        <dd>{receipt.facilityName && receipt.facilityName !== receipt.organisationName ? `${receipt.organisationName} · ${receipt.facilityName}` : receipt.organisationName}</dd>
        <dt>{t('receipts.for')}</dt>
        <dd>{receipt.items.length > 0 ? receipt.items.join(', ') : t('receipts.bill', { number: receipt.billNumber })}</dd>
        <dt>{refund ? t('receipts.refundedBy') : t('receipts.paidBy')}</dt>
        <dd>{t(MODE[receipt.mode])}</dd>
      </dl>
      <DownloadButton receipt={receipt} />
    </article>
  );
}
