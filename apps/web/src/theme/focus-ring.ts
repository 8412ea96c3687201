import type { CSSObject, Theme } from '@mui/material/styles';

/**
 * A keyboard user must always see where they are (issue #14). MUI marks keyboard focus with
 * `.Mui-focusVisible` and a faint ripple only; this draws one ring for every focusable thing, in
 * the brand colour (its light tint on the dark surface). Text fields keep their own focused
 * border, which already says it, so inputs are left out.
 */
export function focusRing(theme: Theme): CSSObject {
  const color = theme.palette.mode === 'dark' ? theme.palette.primary.light : theme.palette.primary.main;
  const ring = { outline: `2px solid ${color}`, outlineOffset: 2 };
  return {
    ':where(a, button, summary, [role="button"], [role="link"], [role="option"], [role="tab"], [role="radio"], [role="checkbox"], [role="menuitem"], [role="gridcell"], [tabindex]:not([tabindex="-1"])):focus-visible':
      ring,
    '.Mui-focusVisible:not(.MuiInputBase-root):not(.MuiOutlinedInput-root)': ring,
  };
}
