import { WALLET_LOW_BALANCE_RUPEES } from '@caredesk/shared';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { fRupees } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useWallet } from '../api/get-wallet';
import { useT } from '../i18n';
import { useWalletRecharge } from './use-wallet-recharge';
import { WalletRechargeForm } from './wallet-recharge-form';

/** The balance, and the same recharge as the header's popover (every role: SPEC.md §6). */
export function WalletBalanceCard() {
  const { data, isPending, error } = useWallet();
  const { recharge, pending, checkoutDialog } = useWalletRecharge();
  const titleId = useId();
  const t = useT();
  const low = data ? data.balance < WALLET_LOW_BALANCE_RUPEES : false;
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <AccountBalanceWalletOutlined sx={{ fontSize: 48, color: 'primary.main' }} />
            <Box>
              <Typography variant="subtitle2" component="h2" id={titleId} sx={{ color: 'text.secondary' }}>
                {t('wallet.balanceTitle')}
              </Typography>
              {data ? (
                <Typography variant="h4" component="p" sx={{ color: low ? 'error.main' : 'text.primary' }}>
                  {fRupees(data.balance)}
                </Typography>
              ) : null}
              {isPending ? <Skeleton width={160} height={48} /> : null}
              {error ? <Alert severity="error">{errorMessage(error)}</Alert> : null}
              {low ? (
                <Typography variant="body2" sx={{ color: 'error.main' }}>
                  {t('wallet.lowBalance', { threshold: fRupees(WALLET_LOW_BALANCE_RUPEES) })}
                </Typography>
              ) : null}
            </Box>
          </Stack>
          <Box sx={{ width: '100%', maxWidth: { md: 320 } }}>
            <WalletRechargeForm onRecharge={(amount) => void recharge(amount)} pending={pending} />
          </Box>
        </Stack>
      </CardContent>
      {checkoutDialog}
    </Card>
  );
}
