import { canAccessArea, languageNames, languages, type Language, type SessionUser } from '@caredesk/shared';
import Check from '@mui/icons-material/Check';
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
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { enqueueSnackbar } from '@/components/toast';
import { paths } from '@/config/paths';
import { activateLanguage, currentLanguage, i18n } from '@/i18n/i18n';
import { useT, type MessageId } from '@/i18n/use-t';
import { useLogout } from '../api/logout';
import { useUpdateLanguage } from '../api/update-language';

interface AccountEntry {
  label: MessageId;
  href: string;
  icon: ReactNode;
}

function entriesFor(user: SessionUser): AccountEntry[] {
  const entries: AccountEntry[] = [
    { label: 'account.myAccount', href: paths.account, icon: <ManageAccountsOutlined fontSize="small" /> },
    // SPEC.md §2: /profile shows the appointments page, which a doctor's own account does not open.
    ...(user.role === 'USER' ? [] : [{ label: 'account.profile' as const, href: paths.profile, icon: <AccountCircleOutlined fontSize="small" /> }]),
    { label: 'account.plan', href: paths.plan, icon: <WorkspacePremiumOutlined fontSize="small" /> },
    { label: 'account.notifications', href: paths.notifications, icon: <NotificationsOutlined fontSize="small" /> },
  ];
  if (user.role !== 'USER' && canAccessArea(user.admin.type, user.role, 'settings')) {
    entries.push({ label: 'account.settings', href: paths.settings, icon: <SettingsOutlined fontSize="small" /> });
  }
  return entries;
}

export function AccountMenu({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout({ onSettled: () => void navigate(paths.signIn, { replace: true }) });
  const t = useT();
  const saveLanguage = useUpdateLanguage();
  const close = () => setAnchor(null);
  const open = Boolean(anchor);
  const active = currentLanguage();

  // Applied at once, before the account has it: the choice must not wait for the network.
  const chooseLanguage = (language: Language) => {
    close();
    if (language === active) return;
    const applied = activateLanguage(language);
    // Said in the language just chosen, once it has loaded (this render's t is the old one).
    const notSaved = () => void applied.then(() => enqueueSnackbar(i18n._('account.languageNotSaved'), { variant: 'error' }));
    saveLanguage.mutate(language, { onError: notSaved });
  };

  return (
    <>
      <IconButton
        aria-label={t('account.button')}
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
            <ListItemText>{t(entry.label)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <ListSubheader id="account-menu-language" sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
          {t('account.language')}
        </ListSubheader>
        {languages.map((language) => (
          <MenuItem key={language} role="menuitemradio" aria-checked={language === active} lang={language} selected={language === active} onClick={() => chooseLanguage(language)}>
            <ListItemIcon>{language === active ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{languageNames[language]}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => logout.mutate()} disabled={logout.isPending} sx={{ color: 'error.main' }}>
          <ListItemIcon sx={{ color: 'inherit' }}>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
