import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Logo } from '../../components/logo/logo';
import { LoadingBar } from '../../components/loading-bar';
import { layout } from '../../config/layout';

/** The compact layout of onboarding and the not-found page: 448px wide from md. */
export function SimpleLayout() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ px: { xs: 2, md: 4 }, py: 2 }}>
        <Logo />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, md: 8 } }}>
        <Box sx={{ width: '100%', maxWidth: { [layout.onboardingBreakpoint]: layout.onboardingCompactWidth } }}>
          <Suspense fallback={<LoadingBar />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
