import type { MenuEntry } from '@caredesk/shared';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router';
import { MenuIcon } from '../../components/menu-icon';
import { useT } from '../../i18n/use-t';

interface NavSectionProps {
  entries: readonly MenuEntry[];
  onNavigate?: () => void;
}

/**
 * The sidebar menu, rendered from the shared navigation table. NavLink marks the entry whose
 * path matches with aria-current="page"; '/' matches only exactly.
 */
export function NavSection({ entries, onNavigate }: NavSectionProps) {
  const t = useT();
  return (
    <nav aria-label={t('nav.label')}>
      <List disablePadding sx={{ px: 2, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {entries.map((entry) => (
          <ListItem key={entry.path} disablePadding>
            <ListItemButton component={NavLink} to={entry.path} end={entry.path === '/'} onClick={onNavigate}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <MenuIcon name={entry.icon} />
              </ListItemIcon>
              <ListItemText primary={t(`nav.${entry.key}`)} slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </nav>
  );
}
