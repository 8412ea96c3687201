import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { useMenuTitle } from '@/components/menu-title';
import { PageContainer } from '@/components/page-container';
import { paths } from '@/config/paths';
import { errorMessage, errorStatus } from '@/lib/http';

/**
 * An unknown id, or one of another organisation (the API answers 404 for both, so nobody can
 * probe which ids exist). Other failures say what went wrong instead.
 */
export function PatientNotFound({ error }: { error?: unknown }) {
  const title = useMenuTitle('patients', 'Patients');
  const singular = title === 'Users' ? 'User' : 'Patient';
  const status = errorStatus(error);
  const missing = error === undefined || status === 404 || status === 400;
  return (
    <PageContainer title={missing ? `${singular} not found` : title}>
      {missing ? (
        <Card variant="outlined">
          <EmptyState
            icon={<PersonSearchOutlined />}
            title={`This ${singular.toLowerCase()} does not exist`}
            description="It may have been deleted, or the link is wrong."
            action={
              <Button component={RouterLink} to={paths.patients} variant="contained" sx={{ mt: 2 }}>
                {`Back to ${title.toLowerCase()}`}
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
