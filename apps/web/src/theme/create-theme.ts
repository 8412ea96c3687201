import { createTheme, type Theme } from '@mui/material/styles';
import { themeConfig, type ThemeMode } from './theme-config';
import { componentOverrides } from './components';

function createAppTheme(mode: ThemeMode): Theme {
  const { palette, fontFamily } = themeConfig;
  const surface = palette[mode];
  const heading = { fontFamily: fontFamily.heading, fontWeight: 700 } as const;
  return createTheme({
    palette: {
      mode,
      primary: palette.primary,
      secondary: surface.secondary,
      success: surface.success,
      error: palette.error,
      warning: surface.warning,
      info: surface.info,
      background: surface.background,
      text: surface.text,
      divider: surface.divider,
    },
    shape: themeConfig.shape,
    typography: {
      fontFamily: fontFamily.body,
      h1: heading,
      h2: heading,
      h3: heading,
      h4: heading,
      h5: heading,
      h6: { ...heading, fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: componentOverrides,
  });
}

const created: Partial<Record<ThemeMode, Theme>> = {};

/**
 * Each theme is created once, when first shown: most sessions never switch mode, and creating
 * the dark one too cost every first load (the sign-in page's included) its CPU time.
 */
export function themeOf(mode: ThemeMode): Theme {
  return (created[mode] ??= createAppTheme(mode));
}
