import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageContainer } from '@/components/page-container';
import { errorMessage, errorStatus } from '@/lib/http';
import { useT } from './i18n';

interface RecordLoadStateProps {
  /** The page title while loading or failed, e.g. 'Doctor'. */
  title: string;
  /** The query's error, or null while loading. */
  error: unknown;
  /** e.g. 'Doctor not found'. */
  notFoundTitle: string;
  /** The list to go back to. */
  backHref: string;
  /** e.g. 'Back to doctors'. */
  backLabel: string;
  /** Not found for a reason the API did not give (e.g. a scan's id opened under /service). */
  notFound?: boolean;
}

/**
 * What a record page shows before it has its record: skeletons while loading, a not-found state
 * with a way back for a 404 (an unknown id, or another organisation's), else the error.
 */
export function RecordLoadState({ title, error, notFoundTitle, backHref, backLabel, notFound: knownMissing }: RecordLoadStateProps) {
  const t = useT();
  if (!error && !knownMissing) {
    return (
      <PageContainer title={title}>
        <Stack spacing={2} aria-busy="true" aria-label={t('records.loading')}>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={220} />
        </Stack>
      </PageContainer>
    );
  }
  // 400: the id in the address is not even an id (the API validates it before looking).
  const status = errorStatus(error);
  const notFound = knownMissing || status === 404 || status === 400;
  return (
    <PageContainer title={notFound ? notFoundTitle : title}>
      <Card variant="outlined">
        {notFound ? (
          <EmptyState
            icon={<SearchOffOutlined />}
            title={t('records.notFound')}
            action={
              <Button component={RouterLink} to={backHref} variant="contained" sx={{ mt: 2 }}>
                {backLabel}
              </Button>
            }
          />
        ) : (
          <Alert severity="error">{errorMessage(error)}</Alert>
        )}
      </Card>
    </PageContainer>
  );
}
