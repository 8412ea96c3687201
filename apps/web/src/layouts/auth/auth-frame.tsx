import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import background from '../../assets/auth-background.svg';
import { Logo } from '../../components/logo/logo';
import { layout } from '../../config/layout';

/**
 * SPEC.md §2: a centred 420px box over a background image, the logo in the header. Without the
 * router: the sign-in shell of a first load (main.tsx) renders it too.
 */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        backgroundImage: `url("${background}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Box component="header" sx={{ px: { xs: 2, md: 4 }, py: 2 }}>
        <Paper sx={{ display: 'inline-flex', px: 2, py: 1 }}>
          <Logo />
        </Paper>
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Paper sx={{ width: '100%', maxWidth: layout.authBoxWidth, p: { xs: 3, sm: 4 } }} elevation={8}>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
