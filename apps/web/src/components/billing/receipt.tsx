import { PAYMENT_MODE_LABELS, type Bill, type BillPayment } from '@caredesk/shared';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { fDateTime } from '@/lib/format';
import { fFee } from '@/components/visits/visit-format';

export type PaperSize = 'a5' | 'thermal';

export const PAPER_LABELS: Record<PaperSize, string> = { a5: 'A5 sheet', thermal: '80 mm roll' };

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
  const tax = bill.taxPaise;
  return (
    <Box className="bill-receipt" role="region" aria-label={`Receipt ${payment.receiptNumber}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      {printStyles(paper)}
      <Box sx={{ textAlign: 'center', mb: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{bill.facilityName}</Typography>
        {bill.gstin ? <Typography variant="caption">GSTIN {bill.gstin}</Typography> : null}
        <Typography variant="overline" component="p">
          Receipt
        </Typography>
      </Box>
      <Line label="Receipt no." value={payment.receiptNumber} strong />
      <Line label="Date" value={fDateTime(payment.createdAt)} />
      <Line label="Bill no." value={bill.number} />
      {bill.patientName ? <Line label="Received from" value={bill.uhid ? `${bill.patientName} (${bill.uhid})` : bill.patientName} /> : null}
      <Box sx={{ borderTop: 1, borderColor: 'divider', my: 1 }} />
      {bill.items.map((item) => (
        <Line key={item.id} label={item.quantity > 1 ? `${item.description} × ${item.quantity}` : item.description} value={fFee(item.amountPaise)} />
      ))}
      {bill.discountPaise > 0 ? <Line label={`Discount${bill.discountReason ? ` (${bill.discountReason})` : ''}`} value={`−${fFee(bill.discountPaise)}`} /> : null}
      {tax > 0 ? <Line label="GST (CGST + SGST)" value={fFee(tax)} /> : null}
      <Line label="Bill total" value={fFee(bill.totalPaise)} strong />
      <Box sx={{ borderTop: 1, borderColor: 'divider', my: 1 }} />
      <Line label={`Received (${PAYMENT_MODE_LABELS[payment.mode]}${payment.reference ? ` ${payment.reference}` : ''})`} value={fFee(payment.amountPaise)} strong />
      <Line label="Balance due" value={fFee(bill.duePaise)} />
      {payment.receivedBy ? (
        <Typography variant="caption" component="p" sx={{ mt: 1 }}>
          Received by {payment.receivedBy}
        </Typography>
      ) : null}
    </Box>
  );
}
