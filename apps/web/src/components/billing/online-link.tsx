import type { BillPayment } from '@caredesk/shared';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { QrCode } from '@/components/qr-code';
import { enqueueSnackbar } from '@/components/toast';
import { fFee } from '@/components/visits/visit-format';
import { errorMessage } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';
import { useCancelPaymentLink, usePaymentLink } from './bills-api';

interface OnlineLinkProps {
  linkId: string;
  /** The gateway settled the link: the dialog shows this receipt. */
  onPaid: (payment: BillPayment) => void;
  /** Back to the payment form: the link was cancelled, expired or held. */
  onBack: () => void;
}

/**
 * A payment link the patient pays on their phone: its QR and short URL, and the wait for the
 * gateway. The desk does nothing when it is paid: bill.updated (or the poll) brings the receipt.
 */
export function OnlineLink({ linkId, onPaid, onBack }: OnlineLinkProps) {
  const client = useQueryClient();
  const link = usePaymentLink(linkId);
  const cancel = useCancelPaymentLink();
  const data = link.data;
  const paid = data?.status === 'PAID' ? data.payment : null;

  useEffect(() => {
    if (!paid) return;
    // The bill the dialog shows must hold the new payment before its receipt can be shown.
    void client.invalidateQueries({ queryKey: queryKeys.billing.all });
    void client.invalidateQueries({ queryKey: queryKeys.dashboard.all });
    onPaid(paid);
  }, [client, paid, onPaid]);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      enqueueSnackbar('Link copied', { variant: 'success' });
    } catch {
      enqueueSnackbar('Copy the link by hand: the browser did not allow copying', { variant: 'warning' });
    }
  };

  const cancelLink = () =>
    cancel.mutate(linkId, {
      onSuccess: () => {
        enqueueSnackbar('Payment link cancelled', { variant: 'success' });
        onBack();
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });

  if (link.error && !data) return <Alert severity="error">{errorMessage(link.error)}</Alert>;
  if (!data) return <Skeleton variant="rounded" height={240} aria-label="Loading the payment link" />;

  const ended =
    data.status === 'EXPIRED'
      ? 'The payment link expired unpaid.'
      : data.status === 'CANCELLED'
        ? 'The payment link was cancelled.'
        : data.status === 'HELD'
          ? `${fFee(data.amountPaise)} was paid online after this bill was settled another way. It is held, not credited to the bill: refund it to the patient through the payment gateway.`
          : null;

  return (
    <Box component="section" aria-label="Payment link" sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="subtitle2">Online payment of {fFee(data.amountPaise)}</Typography>
      {ended ? (
        <>
          <Alert severity={data.status === 'HELD' ? 'warning' : 'info'}>{ended}</Alert>
          <Button variant="outlined" onClick={onBack}>
            Back to payment
          </Button>
        </>
      ) : (
        <>
          <Box sx={{ width: '100%', maxWidth: 240, mx: 'auto' }}>
            <QrCode value={data.url} label="QR code of the payment link" />
          </Box>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <TextField label="Payment link" value={data.url} size="small" fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
            <Button startIcon={<ContentCopyOutlined />} onClick={() => void copy(data.url)} sx={{ flexShrink: 0 }}>
              Copy link
            </Button>
          </Box>
          {data.status === 'PAID' ? (
            <Typography role="status">Paid. Opening the receipt…</Typography>
          ) : (
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <CircularProgress size={18} aria-hidden />
                <Typography>Waiting for payment…</Typography>
              </Box>
              <Button color="error" onClick={cancelLink} disabled={cancel.isPending}>
                Cancel link
              </Button>
            </Box>
          )}
          {data.simulated ? (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Test mode: no money moves, and no UPI app can pay this link.
            </Typography>
          ) : null}
        </>
      )}
    </Box>
  );
}
