import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useT } from '../i18n/use-t';

/** The top progress bar shown while a lazy page loads. */
export function LoadingBar() {
  const t = useT();
  return (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}>
      <LinearProgress aria-label={t('layout.loadingPage')} />
    </Box>
  );
}
