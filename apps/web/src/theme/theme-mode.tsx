import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import type { Theme } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { themeOf } from './create-theme';
import { themeConfig, type ThemeMode } from './theme-config';

interface ThemeModeValue {
  mode: ThemeMode;
  toggleMode: () => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

function readStoredMode(): ThemeMode {
  try {
    const stored = localStorage.getItem(themeConfig.storageKey);
    return stored === 'dark' || stored === 'light' ? stored : themeConfig.defaultMode;
  } catch {
    return themeConfig.defaultMode;
  }
}

/**
 * What MUI's own ThemeProvider renders for a theme without CSS variables, as ours is: the
 * system's provider, and `vars: null`. Importing MUI's would bring its CSS-variables provider
 * along (3 KB gzip of the sign-in page's first load) for nothing.
 */
function withoutVars(theme: Theme): Theme {
  return { ...theme, vars: null } as unknown as Theme;
}

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(readStoredMode);
  const toggleMode = useCallback(() => {
    setMode((current) => {
      const next = current === 'light' ? 'dark' : 'light';
      localStorage.setItem(themeConfig.storageKey, next);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ mode, toggleMode }), [mode, toggleMode]);
  const theme = useMemo(() => withoutVars(themeOf(mode)), [mode]);
  return (
    <ThemeModeContext value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext>
  );
}

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode needs AppThemeProvider');
  return value;
}
