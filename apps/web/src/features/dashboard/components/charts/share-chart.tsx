import type { Dashboard } from '@caredesk/shared';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';

interface ShareChartProps {
  shares: NonNullable<Dashboard['appointments']>['byDoctor'];
  /** What a bar counts: 'Appointments' or 'Bookings'. */
  label: string;
  /** The colour of the kind, as in the visits-per-day chart. */
  tone: 'primary' | 'secondary';
  height: number;
}

/** Visits per doctor or per service, most first, as horizontal bars so long names stay readable. */
export default function ShareChart({ shares, label, tone, height }: ShareChartProps) {
  const theme = useTheme();
  return (
    <BarChart
      // The figure hides the SVG from assistive technology (its table says the same): nothing in it may take focus.
      disableKeyboardNavigation
      height={height}
      layout="horizontal"
      series={[{ data: shares.map((share) => share.count), label, color: theme.palette[tone].main }]}
      yAxis={[{ scaleType: 'band', data: shares.map((share) => share.name), width: 'auto' }]}
      xAxis={[{ tickMinStep: 1 }]}
      grid={{ vertical: true }}
      margin={{ right: 12 }}
    />
  );
}
