import { deskPaymentModes, type Bill, type BillPayment } from '@caredesk/shared';
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
import { PAPER_SIZES, Receipt, type PaperSize } from './receipt';
import { useT } from './i18n';
import { paymentModeLabel } from '@/i18n/shared-labels';

type DeskMode = (typeof deskPaymentModes)[number];
/** Online: the patient pays a payment link on their phone; the gateway, not the desk, confirms it. */
type CollectMode = DeskMode | 'ONLINE';
const COLLECT_MODES: readonly CollectMode[] = [...deskPaymentModes, 'ONLINE'];

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
  const t = useT();
  return (
    <Box component="section" aria-label={t('billing.items')} sx={{ mb: 2 }}>
      {bill.items.map((item) => (
        <Box key={item.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {item.quantity > 1 ? t('billing.itemQuantity', { description: item.description, quantity: item.quantity }) : item.description}
          </Typography>
          <Typography variant="body2">{fFee(item.amountPaise)}</Typography>
        </Box>
      ))}
      <Box sx={{ mt: 1 }}>
        {bill.discountPaise > 0 ? (
          <Total label={bill.discountReason ? t('billing.discountWithReason', { reason: bill.discountReason }) : t('billing.discount')} paise={-bill.discountPaise} />
        ) : null}
        {bill.taxPaise > 0 ? <Total label={t('billing.gst')} paise={bill.taxPaise} /> : null}
        <Total label={t('billing.total')} paise={bill.totalPaise} strong />
        <Total label={t('billing.paid')} paise={bill.paidPaise - bill.refundedPaise} />
        <Total label={t('billing.due')} paise={bill.duePaise} strong />
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
  const t = useT();
  const collect = useCollectPayment();
  const makeLink = useCreatePaymentLink();
  const [mode, setMode] = useState<CollectMode>('CASH');
  const [amount, setAmount] = useState(String(bill.duePaise / 100));
  const [reference, setReference] = useState('');
  const amountPaise = paiseOf(amount);
  const amountError =
    amountPaise === undefined || amountPaise <= 0
      ? t('billing.collect.amountRequired')
      : amountPaise > bill.duePaise
        ? t('billing.collect.onlyDue', { amount: fFee(bill.duePaise) })
        : null;
  // Cash and online take no reference from the desk.
  const referenceLabel = mode === 'UPI' || mode === 'CARD' ? t(`billing.reference.${mode}`) : null;

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
          enqueueSnackbar(t('billing.collect.received', { receipt: payment.receiptNumber, amount: fFee(payment.amountPaise) }), { variant: 'success' });
          onCollected(payment);
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  };

  return (
    <Box component="form" aria-label={t('billing.collect.label')} noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label={t('billing.collect.mode')}
        value={mode}
        onChange={(_event, next: CollectMode | null) => next && setMode(next)}
      >
        {COLLECT_MODES.map((value) => (
          <ToggleButton key={value} value={value}>
            {paymentModeLabel(value)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        label={t('billing.collect.amount')}
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
        {mode === 'ONLINE'
          ? t('billing.collect.makeLink')
          : amountPaise && !amountError
            ? t('billing.collect.collectAmount', { amount: fFee(amountPaise) })
            : t('billing.collect.collect')}
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
  const t = useT();
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
      <DialogTitle id="bill-dialog-title">{data ? t('billing.dialog.titleNumber', { number: data.number }) : t('billing.dialog.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {data ? t('billing.dialog.subjectStatus', { subject, status: t(`billing.status.${data.status}`) }) : subject}
        </Typography>
        {bill.error ? <Alert severity="error">{errorMessage(bill.error)}</Alert> : null}
        {!data && !bill.error ? <Skeleton variant="rounded" height={160} aria-label={t('billing.dialog.loading')} /> : null}
        {data ? (
          <>
            <BillLines bill={data} />
            {receipt ? (
              <Box sx={{ display: 'grid', gap: 1 }}>
                <RadioGroup row aria-label={t('billing.dialog.paper')} value={paper} onChange={(event) => setPaper(event.target.value as PaperSize)}>
                  {PAPER_SIZES.map((size) => (
                    <FormControlLabel key={size} value={size} control={<Radio size="small" />} label={t(`billing.paper.${size}`)} />
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
              <Box component="section" aria-label={t('billing.dialog.payments')} sx={{ mt: 2 }}>
                <Typography variant="subtitle2">{t('billing.dialog.payments')}</Typography>
                {data.payments.map((payment) => (
                  <Box key={payment.id} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, py: 0.5 }}>
                    <Typography variant="body2">
                      {t('billing.dialog.paymentLine', { receipt: payment.receiptNumber, mode: paymentModeLabel(payment.mode), amount: fFee(payment.amountPaise) })}
                    </Typography>
                    <Button
                      size="small"
                      onClick={() => setReceiptOf(payment.id)}
                      aria-label={t('billing.dialog.showReceipt', { receipt: payment.receiptNumber })}
                      disabled={payment.id === receiptOf}
                    >
                      {t('billing.dialog.receipt')}
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
            {t('billing.dialog.print')}
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
            {t('billing.dialog.collectMore')}
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          {t('billing.dialog.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
