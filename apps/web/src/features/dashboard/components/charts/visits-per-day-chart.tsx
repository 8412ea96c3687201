import type { Dashboard } from '@caredesk/shared';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { useT } from '../../i18n';
import { fChartDay } from '../dashboard-format';

interface VisitsPerDayChartProps {
  daily: Dashboard['daily'];
  showAppointments: boolean;
  showBookings: boolean;
  height: number;
}

/** Appointments and bookings per day over the last 30 days (lazy: x-charts loads with the dashboard only). */
export default function VisitsPerDayChart({ daily, showAppointments, showBookings, height }: VisitsPerDayChartProps) {
  const theme = useTheme();
  const t = useT();
  const series = [
    ...(showAppointments ? [{ id: 'appointments', label: t('dashboard.column.appointments'), data: daily.map((day) => day.appointments), color: theme.palette.primary.main }] : []),
    ...(showBookings ? [{ id: 'bookings', label: t('dashboard.column.bookings'), data: daily.map((day) => day.bookings), color: theme.palette.secondary.main }] : []),
  ];
  return (
    <LineChart
      // The figure hides the SVG from assistive technology (its table says the same): nothing in it may take focus.
      disableKeyboardNavigation
      height={height}
      series={series.map((one) => ({ ...one, curve: 'monotoneX', showMark: false, area: series.length === 1 }))}
      xAxis={[{ scaleType: 'point', data: daily.map((day) => day.date), valueFormatter: fChartDay, tickLabelMinGap: 12 }]}
      yAxis={[{ tickMinStep: 1, width: 36 }]}
      grid={{ horizontal: true }}
      margin={{ left: 0, right: 8 }}
    />
  );
}
