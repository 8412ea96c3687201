import { ThemeProvider as MuiThemeProvider, useTheme, type Theme } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { themeOf } from './create-theme';
import { themeConfig, type ThemeMode } from './theme-config';
import { AppThemeProvider } from './theme-mode';

function themeSeenUnder(provider: (child: React.ReactNode) => React.ReactNode): Theme {
  let seen: Theme | undefined;
  function Probe() {
    seen = useTheme();
    return null;
  }
  render(provider(<Probe />));
  if (!seen) throw new Error('nothing rendered');
  return seen;
}

afterEach(() => localStorage.clear());

describe('AppThemeProvider', () => {
  // It uses the system's provider, which is what MUI's renders for a theme without CSS variables.
  it.each<ThemeMode>(['light', 'dark'])('gives components the theme MUI’s own provider would (%s)', (mode) => {
    localStorage.setItem(themeConfig.storageKey, mode);
    const theme = themeOf(mode);
    expect('colorSchemes' in theme || 'vars' in theme).toBe(false);
    const ours = themeSeenUnder((child) => <AppThemeProvider>{child}</AppThemeProvider>);
    const mui = themeSeenUnder((child) => <MuiThemeProvider theme={theme}>{child}</MuiThemeProvider>);
    expect(ours.palette.mode).toBe(mode);
    expect(ours).toEqual(mui);
  });

  it('creates each theme once', () => {
    expect(themeOf('dark')).toBe(themeOf('dark'));
    expect(themeOf('light')).not.toBe(themeOf('dark'));
  });
});
