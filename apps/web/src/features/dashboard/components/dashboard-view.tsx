import type { Dashboard, SessionUser } from '@caredesk/shared';
import Box from '@mui/material/Box';
import { paths } from '@/config/paths';
import { DashboardCharts } from './dashboard-charts';
import { hasNoHistory } from './dashboard-format';
import { GettingStarted } from './getting-started';
import { NoVisitsYet } from './no-visits-yet';
import { PlanInactiveAlert } from '@/components/plan-inactive-alert';
import { TodayFigures } from './today-figures';
import { UpcomingVisits } from './upcoming-visits';
import { useT } from '../i18n';

const allDone = (checklist: Dashboard['checklist']) => Object.values(checklist).every(Boolean);

/** The loaded dashboard, top to bottom in the order a front desk reads it in the morning. */
export function DashboardView({ dashboard, user }: { dashboard: Dashboard; user: SessionUser }) {
  const t = useT();
  const noHistory = hasNoHistory(dashboard);
  const newOrganisation = noHistory && dashboard.upcoming.length === 0;
  const bookAppointments = dashboard.appointments !== null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      {dashboard.plan.isActive ? null : <PlanInactiveAlert />}
      {user.role === 'ADMIN' && !allDone(dashboard.checklist) ? <GettingStarted checklist={dashboard.checklist} user={user} /> : null}
      <TodayFigures dashboard={dashboard} />
      {newOrganisation ? null : <UpcomingVisits dashboard={dashboard} />}
      {noHistory ? (
        <NoVisitsYet
          bookPath={`${bookAppointments ? paths.appointments : paths.bookings}?new=1`}
          bookLabel={bookAppointments ? t('dashboard.bookAppointment') : t('dashboard.bookScan')}
        />
      ) : (
        <DashboardCharts dashboard={dashboard} />
      )}
    </Box>
  );
}
