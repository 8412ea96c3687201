import type { PlanStatus } from '@caredesk/shared';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '@/components/records/detail-list';
import { fDate } from '@/lib/format';
import { useT } from '../i18n';
import { PlanFeatures } from './plan-features';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days until the end (a part day counts), 0 once it has passed. */
export function daysLeft(endsAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / DAY_MS));
}

/** The organisation's plan: name, status, validity (start, end, days left) and what it includes. */
export function CurrentPlanCard({ status }: { status: PlanStatus }) {
  const t = useT();
  const label = status.isActive ? t('plan.active') : t('plan.inactive');
  const left = status.endsAt && status.isActive ? daysLeft(status.endsAt) : 0;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <WorkspacePremiumOutlined sx={{ fontSize: 48, color: 'primary.main' }} />
            <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h6" component="h2">
                {status.planName ?? t('plan.noPlan')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {status.endsAt ? t(status.isActive ? 'plan.validUntil' : 'plan.endedOn', { date: fDate(status.endsAt) }) : t('plan.noSubscription')}
              </Typography>
            </Stack>
            <Chip label={label} color={status.isActive ? 'success' : 'error'} aria-label={t('plan.statusLabel', { status: label })} />
          </Stack>
          {status.endsAt ? (
            <DetailList
              items={[
                { label: t('plan.startedOn'), value: status.startsAt ? fDate(status.startsAt) : null },
                { label: t('plan.endsOn'), value: fDate(status.endsAt) },
                { label: t('plan.daysLeft'), value: t('plan.days', { count: left }) },
              ]}
            />
          ) : null}
          {status.features && status.features.length > 0 ? (
            <Stack spacing={0.5}>
              <Typography variant="subtitle2" component="h3">
                {t('plan.includes')}
              </Typography>
              <PlanFeatures features={status.features} label={t('plan.includedInYourPlan')} />
            </Stack>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
