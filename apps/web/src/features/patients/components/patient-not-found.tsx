import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageContainer } from '@/components/page-container';
import { paths } from '@/config/paths';
import { errorMessage, errorStatus } from '@/lib/http';
import { useT } from '../i18n';
import { usePatientsTitle } from './use-patients-title';

/**
 * An unknown id, or one of another organisation (the API answers 404 for both, so nobody can
 * probe which ids exist). Other failures say what went wrong instead.
 */
export function PatientNotFound({ error }: { error?: unknown }) {
  const t = useT();
  const { kind, title } = usePatientsTitle();
  const status = errorStatus(error);
  const missing = error === undefined || status === 404 || status === 400;
  return (
    <PageContainer title={missing ? t('patients.notFound.title', { kind }) : title}>
      {missing ? (
        <Card variant="outlined">
          <EmptyState
            icon={<PersonSearchOutlined />}
            title={t('patients.notFound.body', { kind })}
            description={t('patients.notFound.description')}
            action={
              <Button component={RouterLink} to={paths.patients} variant="contained" sx={{ mt: 2 }}>
                {t('patients.notFound.back', { kind })}
              </Button>
            }
          />
        </Card>
      ) : (
        <Alert severity="error">{errorMessage(error)}</Alert>
      )}
    </PageContainer>
  );
}
