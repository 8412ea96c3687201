import type { Dashboard } from '@caredesk/shared';
import Box from '@mui/material/Box';
import { lazy } from 'react';
import { statusLabels, type VisitStatus } from '@/components/visits/visit-status';
import { fDate } from '@/lib/format';
import { ChartFigure, type ChartTableData } from './chart-figure';

// Each chart is its own chunk, fetched only when the dashboard renders it.
const VisitsPerDayChart = lazy(() => import('./charts/visits-per-day-chart'));
const ShareChart = lazy(() => import('./charts/share-chart'));
const StatusMixChart = lazy(() => import('./charts/status-mix-chart'));

type Shares = NonNullable<Dashboard['appointments']>['byDoctor'];

function visitsTable(dashboard: Dashboard): ChartTableData {
  const withAppointments = dashboard.appointments !== null;
  const withBookings = dashboard.bookings !== null;
  return {
    caption: 'Visits per day, last 30 days',
    columns: ['Date', ...(withAppointments ? ['Appointments'] : []), ...(withBookings ? ['Bookings'] : [])],
    rows: dashboard.daily.map((day) => [fDate(day.date), ...(withAppointments ? [day.appointments] : []), ...(withBookings ? [day.bookings] : [])]),
  };
}

function sharesTable(caption: string, column: string, unit: string, shares: Shares): ChartTableData {
  return { caption, columns: [column, unit], rows: shares.map((share) => [share.name, share.count]) };
}

function statusTable(caption: string, unit: string, counts: Partial<Record<VisitStatus, number>>): ChartTableData {
  return { caption, columns: ['Status', unit], rows: (Object.entries(counts) as [VisitStatus, number][]).map(([status, count]) => [statusLabels[status], count]) };
}

/** Room for every bar of a top-ten list, so names never squeeze together. */
const shareHeight = (shares: Shares) => Math.max(180, shares.length * 34 + 70);

/** The 30-day charts of the kinds the account has: visits per day, top ten by doctor / service, status mix. */
export function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  const { appointments, bookings } = dashboard;
  const visits = visitsTable(dashboard);
  return (
    <Box component="section" aria-label="Last 30 days" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
      <Box sx={{ gridColumn: { md: '1 / -1' }, minWidth: 0 }}>
        <ChartFigure title="Visits per day (last 30 days)" table={visits} height={300}>
          <VisitsPerDayChart daily={dashboard.daily} showAppointments={appointments !== null} showBookings={bookings !== null} height={300} />
        </ChartFigure>
      </Box>
      {appointments && appointments.byDoctor.length > 0 ? (
        <ChartFigure
          title="Appointments by doctor (top ten)"
          table={sharesTable('Appointments by doctor, last 30 days', 'Doctor', 'Appointments', appointments.byDoctor)}
          height={shareHeight(appointments.byDoctor)}
        >
          <ShareChart shares={appointments.byDoctor} label="Appointments" tone="primary" height={shareHeight(appointments.byDoctor)} />
        </ChartFigure>
      ) : null}
      {bookings && bookings.byService.length > 0 ? (
        <ChartFigure
          title="Bookings by service (top ten)"
          table={sharesTable('Bookings by service, last 30 days', 'Service', 'Bookings', bookings.byService)}
          height={shareHeight(bookings.byService)}
        >
          <ShareChart shares={bookings.byService} label="Bookings" tone="secondary" height={shareHeight(bookings.byService)} />
        </ChartFigure>
      ) : null}
      {appointments ? (
        <ChartFigure
          title="Appointment status mix (last 30 days)"
          table={statusTable('Appointments by status, last 30 days', 'Appointments', appointments.last30ByStatus)}
          height={300}
        >
          <StatusMixChart counts={appointments.last30ByStatus} height={300} />
        </ChartFigure>
      ) : null}
      {bookings ? (
        <ChartFigure title="Booking status mix (last 30 days)" table={statusTable('Bookings by status, last 30 days', 'Bookings', bookings.last30ByStatus)} height={300}>
          <StatusMixChart counts={bookings.last30ByStatus} height={300} />
        </ChartFigure>
      ) : null}
    </Box>
  );
}
