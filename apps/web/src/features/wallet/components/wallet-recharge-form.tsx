import { WALLET_DEFAULT_RECHARGE_RUPEES, WALLET_QUICK_ADD_RUPEES } from '@caredesk/shared';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useT } from '../i18n';

interface WalletRechargeFormProps {
  onRecharge: (amountText: string) => void;
  pending: boolean;
}

/** The amount to add to what is typed: an empty or unreadable field counts as 0. */
export function addToAmount(amountText: string, add: number): string {
  const current = Number(amountText.trim());
  return String((Number.isFinite(current) ? current : 0) + add);
}

/**
 * SPEC.md §2 "Wallet popover": a numeric amount (min 1, default 100), quick-add +100 / +500 /
 * +1000 that add to it, and 'Recharge Wallet'. The amount is checked when the recharge starts.
 */
export function WalletRechargeForm({ onRecharge, pending }: WalletRechargeFormProps) {
  const [amount, setAmount] = useState(String(WALLET_DEFAULT_RECHARGE_RUPEES));
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRecharge(amount);
  };
  return (
    <Stack component="form" spacing={1.5} noValidate onSubmit={submit} aria-label={t('wallet.rechargeForm')}>
      <TextField
        label={t('wallet.amount')}
        type="number"
        size="small"
        fullWidth
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        slotProps={{
          htmlInput: { min: 1, step: 'any', inputMode: 'decimal' },
          input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
        }}
      />
      <Stack direction="row" spacing={1} role="group" aria-label={t('wallet.quickAdd')}>
        {WALLET_QUICK_ADD_RUPEES.map((add) => (
          <Button key={add} size="small" variant="outlined" onClick={() => setAmount((current) => addToAmount(current, add))} sx={{ flex: 1, minWidth: 0, px: 0.5 }}>
            {t('wallet.quickAddButton', { amount: add })}
          </Button>
        ))}
      </Stack>
      <Button type="submit" variant="contained" fullWidth disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
        {t('wallet.recharge')}
      </Button>
    </Stack>
  );
}
