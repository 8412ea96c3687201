import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import { useThemeMode } from '../../theme/theme-mode';
import { useT } from '../../i18n/use-t';

/**
 * The hint on hover is the browser's own (title), not MUI's Tooltip: Tooltip brings Popper
 * (~10 KB gzip) into every page's first load for this one button (issue 18).
 */
export function ThemeModeToggle() {
  const { mode, toggleMode } = useThemeMode();
  const t = useT();
  const label = mode === 'light' ? t('header.darkMode') : t('header.lightMode');
  return (
    <IconButton aria-label={label} title={label} onClick={toggleMode}>
      {mode === 'light' ? <DarkModeOutlined /> : <LightModeOutlined />}
    </IconButton>
  );
}
