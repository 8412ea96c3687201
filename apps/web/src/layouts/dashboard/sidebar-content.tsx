import type { MenuEntry, SessionUser } from '@caredesk/shared';
import Box from '@mui/material/Box';
import { Logo } from '../../components/logo/logo';
import { PoweredBy } from '../../components/logo/powered-by';
import { homePathOf } from '../../lib/home-path';
import { NavSection } from './nav-section';

interface SidebarContentProps {
  user: SessionUser | null;
  entries: readonly MenuEntry[];
  onNavigate?: () => void;
}

export function SidebarContent({ user, entries, onNavigate }: SidebarContentProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', width: '100%' }}>
      <Box sx={{ px: 2.5, py: 2.5 }} onClick={onNavigate}>
        <Logo admin={user?.admin ?? null} href={homePathOf(user)} />
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        <NavSection entries={entries} onNavigate={onNavigate} />
      </Box>
      <PoweredBy />
    </Box>
  );
}
