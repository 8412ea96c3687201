import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@/components/page-container';
import { fDate } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { usePlanStatus } from '../api/get-plan-status';
import { PlanInactiveAlert } from '../components/plan-inactive-alert';

export default function PlanPage() {
  const { data, isPending, isError, error } = usePlanStatus();
  return (
    <PageContainer title="Plan">
      {isError ? <Alert severity="error">{errorMessage(error)}</Alert> : null}
      {isPending ? <Skeleton variant="rounded" height={140} aria-label="Loading plan" /> : null}
      {data ? (
        <Stack spacing={2} sx={{ maxWidth: 720 }}>
          {!data.isActive ? <PlanInactiveAlert /> : null}
          <Card variant="outlined">
            <CardContent>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <WorkspacePremiumOutlined sx={{ fontSize: 48, color: 'primary.main' }} />
                <Stack spacing={0.5} sx={{ flex: 1 }}>
                  <Typography variant="h6" component="h2">
                    {data.planName ?? 'No plan'}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {data.endsAt
                      ? `${data.isActive ? 'Valid until' : 'Ended on'} ${fDate(data.endsAt)}`
                      : 'Your organisation has no subscription yet.'}
                  </Typography>
                </Stack>
                <Chip label={data.isActive ? 'Active' : 'In-Active'} color={data.isActive ? 'success' : 'error'} />
              </Stack>
            </CardContent>
          </Card>
        </Stack>
      ) : null}
    </PageContainer>
  );
}
