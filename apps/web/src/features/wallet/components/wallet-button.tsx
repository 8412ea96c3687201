import { WALLET_LOW_BALANCE_RUPEES } from '@caredesk/shared';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { layout } from '@/config/layout';
import { paths } from '@/config/paths';
import { fRupees } from '@/lib/format';
import { useSessionUser } from '@/lib/session';
import { useWallet } from '../api/get-wallet';
import { useWalletRecharge } from './use-wallet-recharge';
import { WalletRechargeForm } from './wallet-recharge-form';

/**
 * The header's wallet (SPEC.md §2 "Wallet popover"): shown only when the server says so, the
 * balance red under ₹100; its 250px popover recharges it. Only an admin recharges (the server
 * refuses a worker's order), so a worker sees the balance alone.
 */
export function WalletButton() {
  const { data } = useWallet();
  const user = useSessionUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  // The checkout opens over the page; a popover left open would keep the keyboard focus from it.
  const { recharge, pending, checkoutDialog } = useWalletRecharge({ onCheckoutOpen: close });
  if (!data?.showWallet) return checkoutDialog;
  const low = data.balance < WALLET_LOW_BALANCE_RUPEES;
  const open = Boolean(anchor);
  return (
    <>
      <Button
        variant="text"
        color={low ? 'error' : 'inherit'}
        startIcon={<AccountBalanceWalletOutlined />}
        aria-label="Wallet balance"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ fontWeight: 600, whiteSpace: 'nowrap', minWidth: 0, px: { xs: 0.5, sm: 1 }, '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } } }}
      >
        {fRupees(data.balance)}
      </Button>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: layout.smallPopoverWidth, p: 2 }, role: 'dialog', 'aria-label': 'Wallet' } }}
      >
        <Typography variant="subtitle2" sx={{ color: 'text.secondary' }}>
          Wallet Balance
        </Typography>
        <Box component="p" sx={{ m: 0, mb: 1.5, typography: 'h5', color: low ? 'error.main' : 'text.primary' }}>
          {fRupees(data.balance)}
        </Box>
        {user?.role === 'ADMIN' ? <WalletRechargeForm onRecharge={(amount) => void recharge(amount)} pending={pending} /> : null}
        <Divider sx={{ my: 1.5 }} />
        <Link component={RouterLink} to={paths.wallet} onClick={close} variant="body2" underline="hover">
          View transactions
        </Link>
      </Popover>
      {checkoutDialog}
    </>
  );
}
