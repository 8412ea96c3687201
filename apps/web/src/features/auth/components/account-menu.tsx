import { canAccessArea, type SessionUser } from '@caredesk/shared';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '../api/logout';

interface AccountEntry {
  label: string;
  href: string;
  icon: ReactNode;
}

function entriesFor(user: SessionUser): AccountEntry[] {
  const entries: AccountEntry[] = [
    { label: 'My account', href: paths.account, icon: <ManageAccountsOutlined fontSize="small" /> },
    { label: 'Profile', href: paths.profile, icon: <AccountCircleOutlined fontSize="small" /> },
    { label: 'Plan', href: paths.plan, icon: <WorkspacePremiumOutlined fontSize="small" /> },
    { label: 'Notifications', href: paths.notifications, icon: <NotificationsOutlined fontSize="small" /> },
  ];
  if (user.role !== 'USER' && canAccessArea(user.admin.type, user.role, 'settings')) {
    entries.push({ label: 'Settings', href: paths.settings, icon: <SettingsOutlined fontSize="small" /> });
  }
  return entries;
}

export function AccountMenu({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout({ onSettled: () => void navigate(paths.signIn, { replace: true }) });
  const close = () => setAnchor(null);
  const open = Boolean(anchor);

  return (
    <>
      <IconButton
        aria-label="Account"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'account-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar src={user.logoUrl ?? undefined} alt={user.name} sx={{ width: { xs: 32, sm: 40 }, height: { xs: 32, sm: 40 }, bgcolor: 'primary.main' }}>
          {user.name.trim().charAt(0).toUpperCase()}
        </Avatar>
      </IconButton>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography variant="subtitle2" noWrap>
            {user.name}
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        {entriesFor(user).map((entry) => (
          <MenuItem key={entry.href} component={RouterLink} to={entry.href} selected={pathname === entry.href} onClick={close}>
            <ListItemIcon>{entry.icon}</ListItemIcon>
            <ListItemText>{entry.label}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => logout.mutate()} disabled={logout.isPending} sx={{ color: 'error.main' }}>
          <ListItemIcon sx={{ color: 'inherit' }}>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Logout</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
