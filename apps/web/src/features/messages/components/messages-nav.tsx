import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '../i18n';

/** Back to the Settings hub, and (for admins) the two pages of Messages: its settings and its log. */
export function MessagesNav({ admin }: { admin: boolean }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <Box sx={{ mt: -2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box>
        <Button component={RouterLink} to={paths.settings} startIcon={<ArrowBack />} color="inherit" size="small">
          {t('messages.nav.settings')}
        </Button>
      </Box>
      {admin ? (
        <Tabs
          component="nav"
          value={pathname === paths.settingsMessageLog ? paths.settingsMessageLog : paths.settingsMessages}
          aria-label={t('messages.nav.pages')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab component={RouterLink} to={paths.settingsMessages} value={paths.settingsMessages} label={t('messages.nav.settings')} />
          <Tab component={RouterLink} to={paths.settingsMessageLog} value={paths.settingsMessageLog} label={t('messages.nav.log')} />
        </Tabs>
      ) : null}
    </Box>
  );
}
