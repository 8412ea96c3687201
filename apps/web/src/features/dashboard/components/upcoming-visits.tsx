import type { Dashboard, DashboardUpcoming } from '@caredesk/shared';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '@/components/toast';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { StatusChip } from '@/components/visits/status-chip';
import { fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { statusLabels, type VisitStatus } from '@/components/visits/visit-status';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/http';
import { useCheckInVisit } from '../api/check-in-visit';
import { useT } from '../i18n';

type Translate = ReturnType<typeof useT>;

const isVisitStatus = (status: string): status is VisitStatus => status in statusLabels;

/** The visit's own list, with its drawer open on it. */
const visitHref = (visit: DashboardUpcoming) => `${visit.kind === 'appointment' ? paths.appointments : paths.bookings}?open=${encodeURIComponent(visit.id)}`;

function titleFor(dashboard: Dashboard, t: Translate): string {
  if (dashboard.appointments && !dashboard.bookings) return t('dashboard.upcoming.appointments');
  if (dashboard.bookings && !dashboard.appointments) return t('dashboard.upcoming.bookings');
  return t('dashboard.upcoming.visits');
}

function UpcomingVisit({ visit, today }: { visit: DashboardUpcoming; today: string }) {
  const t = useT();
  const checkIn = useCheckInVisit();
  const who = { name: visit.patientName, token: visit.token };
  const onCheckIn = () =>
    checkIn.mutate(visit, {
      onSuccess: () => enqueueSnackbar(t('dashboard.upcoming.checkedIn', { name: visit.patientName }), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  return (
    <Box component="li" sx={{ '& + li': { borderTop: 1, borderColor: 'divider' }, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, px: 2, py: 1.5 }}>
      <Box sx={{ width: 96, flexShrink: 0 }}>
        <Typography variant="subtitle2">{fTimeOfDay(visit.startTime)}</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {visit.date === today ? t('dashboard.upcoming.today') : fVisitDate(visit.date)}
        </Typography>
      </Box>
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {visit.patientName}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {visit.resourceName}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip size="small" variant="outlined" label={t('dashboard.upcoming.token', { token: visit.token })} />
        {isVisitStatus(visit.status) ? <StatusChip status={visit.status} /> : <Chip size="small" label={visit.status} />}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, ml: { sm: 'auto' } }}>
        <Button size="small" component={RouterLink} to={visitHref(visit)} aria-label={t('dashboard.upcoming.openLabel', who)}>
          {t('dashboard.upcoming.open')}
        </Button>
        {visit.status === 'BOOKED' ? (
          <Button size="small" variant="contained" onClick={onCheckIn} loading={checkIn.isPending} aria-label={t('dashboard.upcoming.checkInLabel', who)}>
            {t('dashboard.upcoming.checkIn')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

/** The next ten live visits from now, to open or check in without leaving the dashboard. */
export function UpcomingVisits({ dashboard }: { dashboard: Dashboard }) {
  const t = useT();
  const headingId = useId();
  const { upcoming } = dashboard;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <Typography variant="subtitle1" component="h2" id={headingId} sx={{ fontWeight: 600, px: 2, pt: 2, pb: 1 }}>
        {titleFor(dashboard, t)}
      </Typography>
      {upcoming.length === 0 ? (
        <EmptyState icon={<EventAvailableOutlined />} title={t('dashboard.upcoming.emptyTitle')} description={t('dashboard.upcoming.emptyDescription')} />
      ) : (
        <Box component="ul" aria-labelledby={headingId} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {upcoming.map((visit) => (
            <UpcomingVisit key={visit.id} visit={visit} today={dashboard.today} />
          ))}
        </Box>
      )}
    </Card>
  );
}
