import { WALLET_LOW_BALANCE_RUPEES } from '@caredesk/shared';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { layout } from '@/config/layout';
import { paths } from '@/config/paths';
import { fRupees } from '@/lib/format';
import { useWallet } from '../api/get-wallet';
import { useT } from '../i18n';
import { useWalletRecharge } from './use-wallet-recharge';

// The form (its TextField brings Select, Menu and the other inputs) loads when the button is
// pointed at, focused or clicked, not with every page (issue 18: the console's JavaScript budget).
const loadRechargeForm = () => import('./wallet-recharge-form');
const WalletRechargeForm = lazy(() => loadRechargeForm().then(({ WalletRechargeForm }) => ({ default: WalletRechargeForm })));
const preloadRechargeForm = () => void loadRechargeForm();

/** The form's height (small amount field, quick-add row, Recharge Wallet; 12px apart): the popover does not grow when it arrives. */
const RECHARGE_FORM_HEIGHT = 131;

/**
 * The header's wallet (SPEC.md §2 "Wallet popover"): shown only when the server says so, the
 * balance red under ₹100; its 250px popover recharges it, for every role (SPEC.md §6: role and
 * account type change only the sidebar).
 */
export function WalletButton() {
  const { data } = useWallet();
  const t = useT();
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
        // Named by what it shows (WCAG 2.5.3), in one sentence to translate: 'Wallet balance ₹2,450.00'.
        aria-label={t('wallet.balanceName', { balance: fRupees(data.balance) })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
        onPointerEnter={preloadRechargeForm}
        onFocus={preloadRechargeForm}
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
        slotProps={{ paper: { sx: { width: layout.smallPopoverWidth, p: 2 }, role: 'dialog', 'aria-label': t('wallet.popoverLabel') } }}
      >
        <Typography variant="subtitle2" sx={{ color: 'text.secondary' }}>
          {t('wallet.balanceTitle')}
        </Typography>
        <Box component="p" sx={{ m: 0, mb: 1.5, typography: 'h5', color: low ? 'error.main' : 'text.primary' }}>
          {fRupees(data.balance)}
        </Box>
        <Suspense fallback={<Box aria-busy="true" sx={{ height: RECHARGE_FORM_HEIGHT }} />}>
          <WalletRechargeForm onRecharge={(amount) => void recharge(amount)} pending={pending} />
        </Suspense>
        <Divider sx={{ my: 1.5 }} />
        <Link component={RouterLink} to={paths.wallet} onClick={close} variant="body2" underline="hover">
          {t('wallet.viewTransactions')}
        </Link>
      </Popover>
      {checkoutDialog}
    </>
  );
}
