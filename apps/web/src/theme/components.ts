import type { DialogActionsProps } from '@mui/material/DialogActions';
import type { Components, Theme } from '@mui/material/styles';
import { TOAST_CLEAR_ATTRIBUTE } from '../components/toast-clear';
import { focusRing } from './focus-ring';
import { reducedMotion } from './reduced-motion';

/** One override per component; features never restyle MUI components themselves. */
export const componentOverrides: Components<Theme> = {
  MuiCssBaseline: { styleOverrides: (theme) => ({ ...focusRing(theme), ...reducedMotion }) },
  MuiButton: { defaultProps: { disableElevation: true } },
  MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
  MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
  MuiTextField: { defaultProps: { fullWidth: true } },
  // A full-screen dialog's actions (a phone's booking dialog) are held to the bottom edge: toasts rise above them.
  MuiDialogActions: { defaultProps: { [TOAST_CLEAR_ATTRIBUTE]: '' } as DialogActionsProps },
  // A locked field's note says why it is locked: it must stay readable (4.5:1), not greyed out with it.
  MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
  MuiListItemButton: {
    styleOverrides: {
      root: ({ theme }) => {
        // The brand purple is too dark to read on the dark surface; its light tint is not.
        const accent = theme.palette.mode === 'dark' ? theme.palette.primary.light : theme.palette.primary.main;
        return {
          borderRadius: theme.shape.borderRadius,
          '&[aria-current="page"]': {
            backgroundColor: theme.palette.action.selected,
            color: accent,
            fontWeight: 600,
            '& .MuiListItemIcon-root': { color: accent },
          },
        };
      },
    },
  },
};
