/** Design tokens of the console, in one typed place (SPEC.md §9: primary #5041BC, DM Sans + Barlow). */
export type ThemeMode = 'light' | 'dark';

export const themeConfig = {
  storageKey: 'themeMode',
  defaultMode: 'light' as ThemeMode,
  fontFamily: {
    body: "'DM Sans Variable', 'DM Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    heading: "'Barlow', 'DM Sans Variable', system-ui, sans-serif",
  },
  shape: { borderRadius: 8 },
  palette: {
    primary: { main: '#5041BC', light: '#7F73D9', dark: '#372B8E', contrastText: '#FFFFFF' },
    secondary: { main: '#00A5A8', contrastText: '#FFFFFF' },
    success: { main: '#22A06B', contrastText: '#FFFFFF' },
    error: { main: '#D32F2F', contrastText: '#FFFFFF' },
    warning: { main: '#ED8A00' },
    info: { main: '#0B7BD6' },
    light: {
      background: { default: '#F6F7FB', paper: '#FFFFFF' },
      text: { primary: '#1C2333', secondary: '#5F6B7E' },
      divider: 'rgba(28, 35, 51, 0.12)',
    },
    dark: {
      background: { default: '#12141C', paper: '#1B1E29' },
      text: { primary: '#ECEEF5', secondary: '#A3AABB' },
      divider: 'rgba(236, 238, 245, 0.12)',
    },
  },
} as const;
