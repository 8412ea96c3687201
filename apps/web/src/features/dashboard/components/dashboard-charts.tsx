import type { Dashboard } from '@caredesk/shared';
import Box from '@mui/material/Box';
import { lazy } from 'react';
import { statusLabels, type VisitStatus } from '@/components/visits/visit-status';
import { fDate } from '@/lib/format';
import { ChartFigure, type ChartTableData } from './chart-figure';
import { useT } from '../i18n';

// Each chart is its own chunk, fetched only when the dashboard renders it.
const VisitsPerDayChart = lazy(() => import('./charts/visits-per-day-chart'));
const ShareChart = lazy(() => import('./charts/share-chart'));
const StatusMixChart = lazy(() => import('./charts/status-mix-chart'));

type Shares = NonNullable<Dashboard['appointments']>['byDoctor'];
type Translate = ReturnType<typeof useT>;

function visitsTable(dashboard: Dashboard, t: Translate): ChartTableData {
  const withAppointments = dashboard.appointments !== null;
  const withBookings = dashboard.bookings !== null;
  return {
    caption: t('dashboard.visits.caption'),
    columns: [t('dashboard.column.date'), ...(withAppointments ? [t('dashboard.column.appointments')] : []), ...(withBookings ? [t('dashboard.column.bookings')] : [])],
    rows: dashboard.daily.map((day) => [fDate(day.date), ...(withAppointments ? [day.appointments] : []), ...(withBookings ? [day.bookings] : [])]),
  };
}

function sharesTable(caption: string, column: string, unit: string, shares: Shares): ChartTableData {
  return { caption, columns: [column, unit], rows: shares.map((share) => [share.name, share.count]) };
}

function statusTable(caption: string, column: string, unit: string, counts: Partial<Record<VisitStatus, number>>): ChartTableData {
  return { caption, columns: [column, unit], rows: (Object.entries(counts) as [VisitStatus, number][]).map(([status, count]) => [statusLabels[status], count]) };
}

/** Room for every bar of a top-ten list, so names never squeeze together. */
const shareHeight = (shares: Shares) => Math.max(180, shares.length * 34 + 70);

/** The 30-day charts of the kinds the account has: visits per day, top ten by doctor / service, status mix. */
export function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  const t = useT();
  const { appointments, bookings } = dashboard;
  const visits = visitsTable(dashboard, t);
  const appointmentsLabel = t('dashboard.column.appointments');
  const bookingsLabel = t('dashboard.column.bookings');
  const statusColumn = t('dashboard.column.status');
  return (
    <Box
      component="section"
      aria-label={t('dashboard.charts.label')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <Box sx={{ gridColumn: { md: '1 / -1' }, minWidth: 0 }}>
        <ChartFigure title={t('dashboard.visits.title')} table={visits} height={300}>
          <VisitsPerDayChart daily={dashboard.daily} showAppointments={appointments !== null} showBookings={bookings !== null} height={300} />
        </ChartFigure>
      </Box>
      {appointments && appointments.byDoctor.length > 0 ? (
        <ChartFigure
          title={t('dashboard.byDoctor.title')}
          table={sharesTable(t('dashboard.byDoctor.caption'), t('dashboard.column.doctor'), appointmentsLabel, appointments.byDoctor)}
          height={shareHeight(appointments.byDoctor)}
        >
          <ShareChart shares={appointments.byDoctor} label={appointmentsLabel} tone="primary" height={shareHeight(appointments.byDoctor)} />
        </ChartFigure>
      ) : null}
      {bookings && bookings.byService.length > 0 ? (
        <ChartFigure
          title={t('dashboard.byService.title')}
          table={sharesTable(t('dashboard.byService.caption'), t('dashboard.column.service'), bookingsLabel, bookings.byService)}
          height={shareHeight(bookings.byService)}
        >
          <ShareChart shares={bookings.byService} label={bookingsLabel} tone="secondary" height={shareHeight(bookings.byService)} />
        </ChartFigure>
      ) : null}
      {appointments ? (
        <ChartFigure
          title={t('dashboard.appointmentMix.title')}
          table={statusTable(t('dashboard.appointmentMix.caption'), statusColumn, appointmentsLabel, appointments.last30ByStatus)}
          height={300}
        >
          <StatusMixChart counts={appointments.last30ByStatus} height={300} />
        </ChartFigure>
      ) : null}
      {bookings ? (
        <ChartFigure
          title={t('dashboard.bookingMix.title')}
          table={statusTable(t('dashboard.bookingMix.caption'), statusColumn, bookingsLabel, bookings.last30ByStatus)}
          height={300}
        >
          <StatusMixChart counts={bookings.last30ByStatus} height={300} />
        </ChartFigure>
      ) : null}
    </Box>
  );
}
