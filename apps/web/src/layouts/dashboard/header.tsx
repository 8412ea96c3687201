import type { MenuEntry, SessionUser } from '@caredesk/shared';
import MenuIconGlyph from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { Clock } from '../../components/clock';
import { layout } from '../../config/layout';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { PlanChip } from '../../features/plan/components/plan-chip';
import { WalletButton } from '../../features/wallet/components/wallet-button';
import { useT } from '../../i18n/use-t';
import { HeaderSearch } from './header-search';
import { ThemeModeToggle } from './theme-mode-toggle';

interface HeaderProps {
  user: SessionUser | null;
  entries: readonly MenuEntry[];
  onOpenMenu: () => void;
}

/** Sticky header: 64px on mobile, 72px from the layout breakpoint (SPEC.md §2, §9). */
export function Header({ user, entries, onOpenMenu }: HeaderProps) {
  const t = useT();
  return (
    <AppBar
      position="sticky"
      sx={{
        bgcolor: 'background.paper',
        // The dividing line is drawn inside the bar (not a border) so the header is 64/72px in total.
        boxShadow: (theme) => `inset 0 -1px 0 ${theme.palette.divider}`,
      }}
    >
      <Toolbar
        sx={{
          minHeight: { xs: layout.headerHeightMobile, [layout.layoutBreakpoint]: layout.headerHeightDesktop },
          height: { xs: layout.headerHeightMobile, [layout.layoutBreakpoint]: layout.headerHeightDesktop },
          gap: { xs: 0.25, sm: 1.5 },
          '& .MuiIconButton-root': { p: { xs: 0.5, sm: 1 } },
          px: { xs: 1, sm: 2, md: 3 },
        }}
      >
        <IconButton aria-label={t('header.menu')} onClick={onOpenMenu} edge="start" sx={{ display: { [layout.layoutBreakpoint]: 'none' } }}>
          <MenuIconGlyph />
        </IconButton>
        <Box sx={{ flex: 1 }} />
        <Box
          sx={{
            display: 'none',
            [`@media (min-width:${layout.mobileMaxWidth}px)`]: { display: 'block' },
          }}
        >
          {user?.role === 'USER' ? null : <HeaderSearch entries={entries} />}
        </Box>
        <PlanChip />
        {/* The wallet is the desk's money; a doctor's own account has none of it. */}
        {user?.role === 'USER' ? null : <WalletButton />}
        <NotificationBell />
        <ThemeModeToggle />
        <Clock />
        {user ? <AccountMenu user={user} /> : null}
      </Toolbar>
    </AppBar>
  );
}
