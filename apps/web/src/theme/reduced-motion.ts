import type { CSSObject } from '@mui/material/styles';

/**
 * A person whose system asks for less motion gets none (WCAG 2.3.3): MUI's fades, grows and
 * slides, the ripple and the spinners end at once, as the patient app's do (its styles/base.css).
 * Near-zero durations rather than `none`, so that transitionend and animationend still fire for
 * whatever waits on them; a spinner runs once and stands still, still named as loading.
 */
export const reducedMotion: CSSObject = {
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
};
