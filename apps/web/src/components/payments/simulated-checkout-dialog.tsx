import { zodResolver } from '@/lib/zod-resolver';
import { SIMULATED_CARDS, simulatedPaySchema, type PaymentOrder, type PaymentVerify } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fRupees } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { paySimulated } from './api/pay-simulated';
import { useT } from './i18n';

const cardSchema = simulatedPaySchema.omit({ orderId: true });
type CardInput = z.input<typeof cardSchema>;

/** A card that has not expired: December of next year. */
function validExpiry(now = new Date()): string {
  return `12/${String((now.getFullYear() + 1) % 100).padStart(2, '0')}`;
}

export interface SimulatedCheckoutDialogProps {
  order: PaymentOrder;
  onPaid: (payment: PaymentVerify) => void;
  /** The gateway declined the card or could not be reached: the payment failed. */
  onFailed: (error: Error) => void;
  onCancel: () => void;
}

/**
 * Test mode's checkout (design.md §7): clearly labelled, it takes a test card and sends it to the
 * server's simulated gateway, which answers like Razorpay would. No real money moves.
 */
export function SimulatedCheckoutDialog({ order, onPaid, onFailed, onCancel }: SimulatedCheckoutDialogProps) {
  const t = useT();
  const titleId = useId();
  const [pending, setPending] = useState<'pay' | 'fail' | null>(null);
  const amount = fRupees(order.amountPaise / 100);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CardInput>({
    resolver: zodResolver(cardSchema),
    defaultValues: { cardNumber: SIMULATED_CARDS.success, expiry: validExpiry(), cvc: '123' },
  });

  const pay = async (card: CardInput, kind: 'pay' | 'fail') => {
    setPending(kind);
    try {
      onPaid(await paySimulated({ ...card, orderId: order.id }));
    } catch (error) {
      onFailed(new Error(errorMessage(error)));
    } finally {
      setPending(null);
    }
  };
  const submit = handleSubmit((card) => pay(card, 'pay'));
  const cardField = (name: keyof CardInput, label: string, input: { maxLength: number; numeric?: boolean; hint?: string }) => (
    <TextField
      label={label}
      fullWidth
      autoComplete="off"
      slotProps={{ htmlInput: { maxLength: input.maxLength, inputMode: input.numeric ? 'numeric' : 'text' } }}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message ?? input.hint}
      {...register(name)}
    />
  );
  const simulateFailure = () => pay({ cardNumber: SIMULATED_CARDS.failure, expiry: validExpiry(), cvc: '123' }, 'fail');

  return (
    <Dialog open onClose={pending ? undefined : onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {order.name}
          <Chip label={t('payments.testMode')} color="warning" size="small" sx={{ fontWeight: 700 }} />
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning" variant="outlined">
              {t('payments.testModeNote', { success: SIMULATED_CARDS.success, failure: SIMULATED_CARDS.failure })}
            </Alert>
            <Box>
              <Typography variant="h5" component="p">
                {amount}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {order.description}
              </Typography>
            </Box>
            {cardField('cardNumber', t('payments.cardNumber'), { maxLength: 23, numeric: true, hint: t('payments.testCard', { card: SIMULATED_CARDS.success }) })}
            <Stack direction="row" spacing={2}>
              {cardField('expiry', t('payments.expiry'), { maxLength: 5 })}
              {cardField('cvc', t('payments.cvc'), { maxLength: 4, numeric: true })}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onCancel} disabled={Boolean(pending)} color="inherit">
            {t('payments.cancel')}
          </Button>
          <Button
            onClick={() => void simulateFailure()}
            disabled={Boolean(pending)}
            color="error"
            startIcon={pending === 'fail' ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('payments.simulateFailure')}
          </Button>
          <Button type="submit" variant="contained" disabled={Boolean(pending)} startIcon={pending === 'pay' ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {t('payments.pay', { amount })}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
