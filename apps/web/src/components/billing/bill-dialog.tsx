import { deskPaymentModes, PAYMENT_MODE_LABELS, type Bill, type BillPayment } from '@caredesk/shared';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useCallback, useState, type FormEvent } from 'react';
import { enqueueSnackbar } from '@/components/toast';
import { fFee } from '@/components/visits/visit-format';
import { errorMessage } from '@/lib/http';
import { paiseOf } from './amounts';
import { useCollectPayment, useCreatePaymentLink, useVisitBill } from './bills-api';
import { DownloadReceiptPdfButton } from './download-pdf';
import { OnlineLink } from './online-link';
import { PAPER_LABELS, Receipt, type PaperSize } from './receipt';

type DeskMode = (typeof deskPaymentModes)[number];
/** Online: the patient pays a payment link on their phone; the gateway, not the desk, confirms it. */
type CollectMode = DeskMode | 'ONLINE';
const COLLECT_MODES: readonly CollectMode[] = [...deskPaymentModes, 'ONLINE'];

const STATUS_LABELS: Record<Bill['status'], string> = { UNPAID: 'Unpaid', PARTLY_PAID: 'Partly paid', PAID: 'Paid', REFUNDED: 'Refunded' };
const REFERENCE_LABELS: Record<CollectMode, string | null> = { CASH: null, UPI: 'UPI transaction id (optional)', CARD: 'Card slip number (optional)', ONLINE: null };

function Total({ label, paise, strong }: { label: string; paise: number; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', py: 0.25 }}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }}>
        {fFee(paise)}
      </Typography>
    </Box>
  );
}

function BillLines({ bill }: { bill: Bill }) {
  return (
    <Box component="section" aria-label="Bill items" sx={{ mb: 2 }}>
      {bill.items.map((item) => (
        <Box key={item.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {item.quantity > 1 ? `${item.description} × ${item.quantity}` : item.description}
          </Typography>
          <Typography variant="body2">{fFee(item.amountPaise)}</Typography>
        </Box>
      ))}
      <Box sx={{ mt: 1 }}>
        {bill.discountPaise > 0 ? <Total label={`Discount${bill.discountReason ? ` (${bill.discountReason})` : ''}`} paise={-bill.discountPaise} /> : null}
        {bill.taxPaise > 0 ? <Total label="GST" paise={bill.taxPaise} /> : null}
        <Total label="Total" paise={bill.totalPaise} strong />
        <Total label="Paid" paise={bill.paidPaise - bill.refundedPaise} />
        <Total label="Due" paise={bill.duePaise} strong />
      </Box>
    </Box>
  );
}

interface CollectFormProps {
  bill: Bill;
  onCollected: (payment: BillPayment) => void;
  onLinkMade: (linkId: string) => void;
}

function CollectForm({ bill, onCollected, onLinkMade }: CollectFormProps) {
  const collect = useCollectPayment();
  const makeLink = useCreatePaymentLink();
  const [mode, setMode] = useState<CollectMode>('CASH');
  const [amount, setAmount] = useState(String(bill.duePaise / 100));
  const [reference, setReference] = useState('');
  const amountPaise = paiseOf(amount);
  const amountError = amountPaise === undefined || amountPaise <= 0 ? 'Enter an amount in rupees' : amountPaise > bill.duePaise ? `Only ${fFee(bill.duePaise)} is due` : null;
  const referenceLabel = REFERENCE_LABELS[mode];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amountError || amountPaise === undefined) return;
    if (mode === 'ONLINE') {
      makeLink.mutate(
        { billId: bill.id, input: { amountPaise, upi: true } },
        { onSuccess: (link) => onLinkMade(link.id), onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }) },
      );
      return;
    }
    collect.mutate(
      { billId: bill.id, input: { mode, amountPaise, ...(referenceLabel && reference.trim() ? { reference: reference.trim() } : {}) } },
      {
        onSuccess: (payment) => {
          enqueueSnackbar(`Receipt ${payment.receiptNumber}: ${fFee(payment.amountPaise)} received`, { variant: 'success' });
          onCollected(payment);
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  };

  return (
    <Box component="form" aria-label="Collect payment" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <ToggleButtonGroup exclusive size="small" color="primary" aria-label="Payment mode" value={mode} onChange={(_event, next: CollectMode | null) => next && setMode(next)}>
        {COLLECT_MODES.map((value) => (
          <ToggleButton key={value} value={value}>
            {PAYMENT_MODE_LABELS[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        label="Amount (₹)"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={Boolean(amountError) && amount !== ''}
        helperText={amount !== '' ? amountError : null}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        required
      />
      {referenceLabel ? (
        <TextField label={referenceLabel} value={reference} onChange={(event) => setReference(event.target.value)} slotProps={{ htmlInput: { maxLength: 40 } }} />
      ) : null}
      <Button type="submit" variant="contained" disabled={collect.isPending || makeLink.isPending || Boolean(amountError)}>
        {mode === 'ONLINE' ? 'Make payment link' : amountPaise && !amountError ? `Collect ${fFee(amountPaise)}` : 'Collect'}
      </Button>
    </Box>
  );
}

interface BillDialogProps {
  visitId: string;
  /** 'Token 004 · Sunita Pawar': whose bill this is. */
  subject: string;
  open: boolean;
  onClose: () => void;
}

/**
 * A visit's bill at the desk: what it comes to, the fee collected by cash, UPI or card or online
 * through a payment link the patient pays on their phone, and the receipt printed.
 */
export function BillDialog({ visitId, subject, open, onClose }: BillDialogProps) {
  const bill = useVisitBill(open ? visitId : null);
  const [receiptOf, setReceiptOf] = useState<string | null>(null);
  // The payment link the desk is waiting on; it stays while its receipt loads into the bill.
  const [linkId, setLinkId] = useState<string | null>(null);
  const showPaid = useCallback((payment: BillPayment) => setReceiptOf(payment.id), []);
  const backToForm = useCallback(() => setLinkId(null), []);
  const [paper, setPaper] = useState<PaperSize>('a5');
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const data = bill.data;
  const receipt = data?.payments.find((payment) => payment.id === receiptOf) ?? null;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="bill-dialog-title">
      <DialogTitle id="bill-dialog-title">{data ? `Bill ${data.number}` : 'Bill'}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {subject}
          {data ? ` · ${STATUS_LABELS[data.status]}` : ''}
        </Typography>
        {bill.error ? <Alert severity="error">{errorMessage(bill.error)}</Alert> : null}
        {!data && !bill.error ? <Skeleton variant="rounded" height={160} aria-label="Loading the bill" /> : null}
        {data ? (
          <>
            <BillLines bill={data} />
            {receipt ? (
              <Box sx={{ display: 'grid', gap: 1 }}>
                <RadioGroup row aria-label="Paper" value={paper} onChange={(event) => setPaper(event.target.value as PaperSize)}>
                  {(Object.keys(PAPER_LABELS) as PaperSize[]).map((size) => (
                    <FormControlLabel key={size} value={size} control={<Radio size="small" />} label={PAPER_LABELS[size]} />
                  ))}
                </RadioGroup>
                <Receipt bill={data} payment={receipt} paper={paper} />
              </Box>
            ) : linkId ? (
              <OnlineLink linkId={linkId} onPaid={showPaid} onBack={backToForm} />
            ) : data.duePaise > 0 ? (
              <CollectForm key={data.paidPaise} bill={data} onCollected={(payment) => setReceiptOf(payment.id)} onLinkMade={setLinkId} />
            ) : null}
            {data.payments.length > 0 ? (
              <Box component="section" aria-label="Payments" sx={{ mt: 2 }}>
                <Typography variant="subtitle2">Payments</Typography>
                {data.payments.map((payment) => (
                  <Box key={payment.id} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, py: 0.5 }}>
                    <Typography variant="body2">
                      {payment.receiptNumber} · {PAYMENT_MODE_LABELS[payment.mode]} · {fFee(payment.amountPaise)}
                    </Typography>
                    <Button size="small" onClick={() => setReceiptOf(payment.id)} aria-label={`Show receipt ${payment.receiptNumber}`} disabled={payment.id === receiptOf}>
                      Receipt
                    </Button>
                  </Box>
                ))}
              </Box>
            ) : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        {receipt ? (
          <Button startIcon={<PrintOutlined />} onClick={() => window.print()}>
            Print receipt
          </Button>
        ) : null}
        {receipt ? <DownloadReceiptPdfButton paymentId={receipt.id} receiptNumber={receipt.receiptNumber} paper={paper} /> : null}
        {receipt && data && data.duePaise > 0 ? (
          <Button
            onClick={() => {
              setReceiptOf(null);
              setLinkId(null);
            }}
          >
            Collect more
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
