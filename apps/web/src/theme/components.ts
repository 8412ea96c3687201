import type { Components, Theme } from '@mui/material/styles';

/** One override per component; features never restyle MUI components themselves. */
export const componentOverrides: Components<Theme> = {
  MuiButton: { defaultProps: { disableElevation: true } },
  MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
  MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
  MuiTextField: { defaultProps: { fullWidth: true } },
  MuiListItemButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: theme.shape.borderRadius,
        '&[aria-current="page"]': {
          backgroundColor: theme.palette.action.selected,
          color: theme.palette.primary.main,
          fontWeight: 600,
          '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
        },
      }),
    },
  },
};
