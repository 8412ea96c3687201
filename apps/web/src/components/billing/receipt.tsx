import type { Bill, BillPayment } from '@caredesk/shared';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { fDateTime } from '@/lib/format';
import { fFee } from '@/components/visits/visit-format';
import { useT } from './i18n';
import { paymentModeLabel } from '@/i18n/shared-labels';

export type PaperSize = 'a5' | 'thermal';

export const PAPER_SIZES: readonly PaperSize[] = ['a5', 'thermal'];

/**
 * Printing shows only the receipt, on the paper chosen: an A5 sheet, or the 80 mm roll of a
 * thermal printer (72 mm printable, as long as the receipt).
 */
function printStyles(paper: PaperSize) {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          '@page': paper === 'a5' ? { size: 'A5', margin: '10mm' } : { size: '80mm auto', margin: '4mm' },
          'body *': { visibility: 'hidden' },
          '.bill-receipt, .bill-receipt *': { visibility: 'visible' },
          '.bill-receipt': { position: 'fixed', left: 0, top: 0, width: paper === 'a5' ? '128mm' : '72mm', fontSize: paper === 'a5' ? '11pt' : '9pt' },
        },
      }}
    />
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400, overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400, whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
}

interface ReceiptProps {
  bill: Bill;
  payment: BillPayment;
  paper: PaperSize;
}

/** One payment's receipt against its bill: what the patient takes home. */
export function Receipt({ bill, payment, paper }: ReceiptProps) {
  const t = useT();
  const tax = bill.taxPaise;
  return (
    <Box
      className="bill-receipt"
      role="region"
      aria-label={t('billing.receipt.label', { receipt: payment.receiptNumber })}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      {printStyles(paper)}
      <Box sx={{ textAlign: 'center', mb: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{bill.facilityName}</Typography>
        {bill.gstin ? <Typography variant="caption">{t('billing.receipt.gstin', { gstin: bill.gstin })}</Typography> : null}
        <Typography variant="overline" component="p">
          {t('billing.receipt.title')}
        </Typography>
      </Box>
      <Line label={t('billing.receipt.number')} value={payment.receiptNumber} strong />
      <Line label={t('billing.receipt.date')} value={fDateTime(payment.createdAt)} />
      <Line label={t('billing.receipt.bill')} value={bill.number} />
      {bill.patientName ? (
        <Line label={t('billing.receipt.from')} value={bill.uhid ? t('billing.receipt.patient', { name: bill.patientName, uhid: bill.uhid }) : bill.patientName} />
      ) : null}
      <Box sx={{ borderTop: 1, borderColor: 'divider', my: 1 }} />
      {bill.items.map((item) => (
        <Line
          key={item.id}
          label={item.quantity > 1 ? t('billing.itemQuantity', { description: item.description, quantity: item.quantity }) : item.description}
          value={fFee(item.amountPaise)}
        />
      ))}
      {bill.discountPaise > 0 ? (
        <Line label={bill.discountReason ? t('billing.discountWithReason', { reason: bill.discountReason }) : t('billing.discount')} value={`−${fFee(bill.discountPaise)}`} />
      ) : null}
      {tax > 0 ? <Line label={t('billing.receipt.gst')} value={fFee(tax)} /> : null}
      <Line label={t('billing.receipt.total')} value={fFee(bill.totalPaise)} strong />
      <Box sx={{ borderTop: 1, borderColor: 'divider', my: 1 }} />
      <Line
        label={
          payment.reference
            ? t('billing.receipt.receivedReference', { mode: paymentModeLabel(payment.mode), reference: payment.reference })
            : t('billing.receipt.received', { mode: paymentModeLabel(payment.mode) })
        }
        value={fFee(payment.amountPaise)}
        strong
      />
      <Line label={t('billing.receipt.balance')} value={fFee(bill.duePaise)} />
      {payment.receivedBy ? (
        <Typography variant="caption" component="p" sx={{ mt: 1 }}>
          {t('billing.receipt.by', { name: payment.receivedBy })}
        </Typography>
      ) : null}
    </Box>
  );
}
