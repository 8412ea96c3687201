import { menuFor } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { LoadingBar } from '../../components/loading-bar';
import { KeyboardShortcuts } from '../../components/shortcuts';
import { layout } from '../../config/layout';
import { useMe } from '../../features/auth/api/get-me';
import { useAccountLanguage } from '../../i18n/use-account-language';
import { useT } from '../../i18n/use-t';
import { useSessionUser } from '../../lib/session';
import { AccountGuards } from './account-guards';
import { Header } from './header';
import { SidebarContent } from './sidebar-content';

const bp = layout.layoutBreakpoint;
const MAIN_ID = 'main-content';

/**
 * The first Tab stop of every console page: past the sidebar's eight links and the header's
 * controls straight to the page. Off screen until it has the keyboard's focus.
 */
function SkipLink() {
  const t = useT();
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        textDecoration: 'underline',
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: '2px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
      }}
    >
      {t('layout.skipToMain')}
    </Box>
  );
}

/** From lg a fixed 300px sidebar; below lg the same content in a 320px drawer behind 'Menu'. */
export default function DashboardLayout() {
  const user = useSessionUser();
  // A token without a stored user (storage edited, or an old session): ask the server who it is.
  useMe(!user);
  useAccountLanguage(user?.language);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const entries = user ? menuFor(user.admin.type, user.role) : [];
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <SkipLink />
      <Box
        component="aside"
        sx={{
          display: { xs: 'none', [bp]: 'flex' },
          position: 'fixed',
          inset: '0 auto 0 0',
          width: layout.sidebarWidth,
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          zIndex: (theme) => theme.zIndex.appBar + 1,
        }}
      >
        <SidebarContent user={user} entries={entries} />
      </Box>
      <Drawer
        variant="temporary"
        open={drawerOpen}
        onClose={closeDrawer}
        sx={{ display: { [bp]: 'none' } }}
        slotProps={{ paper: { sx: { width: layout.drawerWidth, maxWidth: '100vw' } } }}
      >
        <SidebarContent user={user} entries={entries} onNavigate={closeDrawer} />
      </Drawer>
      <Box sx={{ ml: { [bp]: `${layout.sidebarWidth}px` }, display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <Header user={user} entries={entries} onOpenMenu={() => setDrawerOpen(true)} />
        <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, p: { xs: 2, md: 3 }, minWidth: 0, '&:focus': { outline: 'none' } }}>
          <Suspense fallback={<LoadingBar />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <AccountGuards />
      <KeyboardShortcuts />
    </Box>
  );
}
