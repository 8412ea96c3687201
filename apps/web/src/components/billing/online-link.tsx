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
import { useT } from './i18n';

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
  const t = useT();
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
      enqueueSnackbar(t('billing.link.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('billing.link.copyByHand'), { variant: 'warning' });
    }
  };

  const cancelLink = () =>
    cancel.mutate(linkId, {
      onSuccess: () => {
        enqueueSnackbar(t('billing.link.cancelled'), { variant: 'success' });
        onBack();
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });

  if (link.error && !data) return <Alert severity="error">{errorMessage(link.error)}</Alert>;
  if (!data) return <Skeleton variant="rounded" height={240} aria-label={t('billing.link.loading')} />;

  const ended =
    data.status === 'EXPIRED'
      ? t('billing.link.expired')
      : data.status === 'CANCELLED'
        ? t('billing.link.wasCancelled')
        : data.status === 'HELD'
          ? t('billing.link.held', { amount: fFee(data.amountPaise) })
          : null;

  return (
    <Box component="section" aria-label={t('billing.link.label')} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="subtitle2">{t('billing.link.title', { amount: fFee(data.amountPaise) })}</Typography>
      {ended ? (
        <>
          <Alert severity={data.status === 'HELD' ? 'warning' : 'info'}>{ended}</Alert>
          <Button variant="outlined" onClick={onBack}>
            {t('billing.link.back')}
          </Button>
        </>
      ) : (
        <>
          <Box sx={{ width: '100%', maxWidth: 240, mx: 'auto' }}>
            <QrCode value={data.url} label={t('billing.link.qr')} />
          </Box>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <TextField label={t('billing.link.label')} value={data.url} size="small" fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
            <Button startIcon={<ContentCopyOutlined />} onClick={() => void copy(data.url)} sx={{ flexShrink: 0 }}>
              {t('billing.link.copy')}
            </Button>
          </Box>
          {data.status === 'PAID' ? (
            <Typography role="status">{t('billing.link.paid')}</Typography>
          ) : (
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <CircularProgress size={18} aria-hidden />
                <Typography>{t('billing.link.waiting')}</Typography>
              </Box>
              <Button color="error" onClick={cancelLink} disabled={cancel.isPending}>
                {t('billing.link.cancel')}
              </Button>
            </Box>
          )}
          {data.simulated ? (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('billing.link.testMode')}
            </Typography>
          ) : null}
        </>
      )}
    </Box>
  );
}
