import SearchOff from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { homePathOf } from '@/lib/home-path';
import { useSessionUser } from '@/lib/session';
import { useT } from '../i18n';

export default function NotFoundPage() {
  const user = useSessionUser();
  const t = useT();
  return (
    <Paper sx={{ p: { xs: 3, sm: 5 } }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <SearchOff sx={{ fontSize: 64, color: 'primary.main' }} />
        <Typography variant="h4" component="h1">
          {t('notFound.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('notFound.body')}</Typography>
        <Button component={RouterLink} to={homePathOf(user)} variant="contained" size="large">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Paper>
  );
}
