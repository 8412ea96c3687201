import { WALLET_LOW_BALANCE } from '@caredesk/shared';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { layout } from '@/config/layout';
import { fRupees } from '@/lib/format';
import { useWallet } from '../api/get-wallet';

/** The header's wallet: shown only when the server says so, red under ₹100 (SPEC.md §2). */
export function WalletButton() {
  const { data } = useWallet();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!data?.showWallet) return null;
  const low = data.balance < WALLET_LOW_BALANCE;
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
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: layout.smallPopoverWidth, p: 2 }, role: 'dialog', 'aria-label': 'Wallet' } }}
      >
        <Typography variant="subtitle2" sx={{ color: 'text.secondary' }}>
          Wallet Balance
        </Typography>
        <Box component="p" sx={{ m: 0, typography: 'h5', color: low ? 'error.main' : 'text.primary' }}>
          {fRupees(data.balance)}
        </Box>
      </Popover>
    </>
  );
}
