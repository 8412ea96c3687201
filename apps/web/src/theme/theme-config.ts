/** Design tokens of the console, in one typed place (SPEC.md §9: primary #5041BC, DM Sans + Barlow). */
export type ThemeMode = 'light' | 'dark';

export const themeConfig = {
  storageKey: 'themeMode',
  defaultMode: 'light' as ThemeMode,
  fontFamily: {
    // Each face's size-adjusted fallback (fonts.css) comes next: text drawn before the face
    // arrives takes the same room.
    // The Indian scripts' faces come after them: DM Sans and Barlow have no Devanagari, Kannada or
    // Tamil, and i18n/fonts.ts declares each face only once its language is chosen.
    body: "'DM Sans Variable', 'DM Sans Fallback', 'Noto Sans Devanagari', 'Noto Sans Kannada', 'Noto Sans Tamil', 'DM Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    heading: "'Barlow', 'Barlow Fallback', 'DM Sans Variable', 'Noto Sans Devanagari', 'Noto Sans Kannada', 'Noto Sans Tamil', system-ui, sans-serif",
  },
  shape: { borderRadius: 8 },
  palette: {
    primary: { main: '#5041BC', light: '#7F73D9', dark: '#372B8E', contrastText: '#FFFFFF' },
    error: { main: '#D32F2F', contrastText: '#FFFFFF' },
    // Status colours per mode (SPEC.md fixes none of them, only the primary): on light surfaces each
    // reads at 4.5:1 or more as text on white and on the page background, and carries white text
    // (WCAG 1.4.3; the earlier green and blue chips were 3.3:1 and 4.35:1). Dark mode keeps the
    // brighter shades, which read on its dark surfaces.
    light: {
      background: { default: '#F6F7FB', paper: '#FFFFFF' },
      text: { primary: '#1C2333', secondary: '#5F6B7E' },
      divider: 'rgba(28, 35, 51, 0.12)',
      secondary: { main: '#00797B', contrastText: '#FFFFFF' },
      success: { main: '#187A4F', contrastText: '#FFFFFF' },
      warning: { main: '#A65A00', contrastText: '#FFFFFF' },
      info: { main: '#0A6CBD', contrastText: '#FFFFFF' },
    },
    dark: {
      background: { default: '#12141C', paper: '#1B1E29' },
      text: { primary: '#ECEEF5', secondary: '#A3AABB' },
      divider: 'rgba(236, 238, 245, 0.12)',
      secondary: { main: '#00A5A8', contrastText: '#FFFFFF' },
      success: { main: '#22A06B', contrastText: '#FFFFFF' },
      warning: { main: '#ED8A00' },
      info: { main: '#0B7BD6' },
    },
  },
} as const;
