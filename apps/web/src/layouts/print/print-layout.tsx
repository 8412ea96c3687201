import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingBar } from '../../components/loading-bar';

/**
 * Pages made to be printed (the reception poster): no sidebar, header or toasts around them,
 * A4 paper, white behind the sheet. A page hides its own on-screen controls with displayPrint.
 */
export function PrintLayout() {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', bgcolor: 'background.default', p: { xs: 2, md: 4 }, displayPrint: 'block', '@media print': { p: 0, bgcolor: 'common.white' } }}
    >
      <GlobalStyles
        styles={(theme) => ({
          '@page': { size: 'A4', margin: '12mm' },
          '@media print': { body: { backgroundColor: theme.palette.common.white }, '.notistack-SnackbarContainer': { display: 'none' } },
        })}
      />
      <Suspense fallback={<LoadingBar />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
