import type { PlanStatus } from '@caredesk/shared';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '@/components/records/detail-list';
import { fDate } from '@/lib/format';
import { PlanFeatures } from './plan-features';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days until the end (a part day counts), 0 once it has passed. */
export function daysLeft(endsAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / DAY_MS));
}

/** The organisation's plan: name, status, validity (start, end, days left) and what it includes. */
export function CurrentPlanCard({ status }: { status: PlanStatus }) {
  const label = status.isActive ? 'Active' : 'In-Active';
  const left = status.endsAt && status.isActive ? daysLeft(status.endsAt) : 0;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <WorkspacePremiumOutlined sx={{ fontSize: 48, color: 'primary.main' }} />
            <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h6" component="h2">
                {status.planName ?? 'No plan'}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {status.endsAt ? `${status.isActive ? 'Valid until' : 'Ended on'} ${fDate(status.endsAt)}` : 'Your organisation has no subscription yet.'}
              </Typography>
            </Stack>
            <Chip label={label} color={status.isActive ? 'success' : 'error'} aria-label={`Plan status: ${label}`} />
          </Stack>
          {status.endsAt ? (
            <DetailList
              items={[
                { label: 'Started on', value: status.startsAt ? fDate(status.startsAt) : null },
                { label: 'Ends on', value: fDate(status.endsAt) },
                { label: 'Days left', value: `${left} ${left === 1 ? 'day' : 'days'}` },
              ]}
            />
          ) : null}
          {status.features && status.features.length > 0 ? (
            <Stack spacing={0.5}>
              <Typography variant="subtitle2" component="h3">
                What it includes
              </Typography>
              <PlanFeatures features={status.features} label="Included in your plan" />
            </Stack>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
