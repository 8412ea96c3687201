import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import { useThemeMode } from '../../theme/theme-mode';

/**
 * The hint on hover is the browser's own (title), not MUI's Tooltip: Tooltip brings Popper
 * (~10 KB gzip) into every page's first load for this one button (issue 18).
 */
export function ThemeModeToggle() {
  const { mode, toggleMode } = useThemeMode();
  const label = mode === 'light' ? 'Switch to dark mode' : 'Switch to light mode';
  return (
    <IconButton aria-label={label} title={label} onClick={toggleMode}>
      {mode === 'light' ? <DarkModeOutlined /> : <LightModeOutlined />}
    </IconButton>
  );
}
