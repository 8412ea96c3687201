import { useTheme } from '@mui/material/styles';
import { PieChart } from '@mui/x-charts/PieChart';
import { statusColors, statusLabels, type VisitStatus } from '@/components/visits/visit-status';

interface StatusMixChartProps {
  counts: Partial<Record<VisitStatus, number>>;
  height: number;
}

/** How the last 30 days' visits ended up, in the status chips' colours. */
export default function StatusMixChart({ counts, height }: StatusMixChartProps) {
  const theme = useTheme();
  const colourOf = (status: VisitStatus) => {
    const name = statusColors[status];
    return name === 'default' ? theme.palette.grey[500] : theme.palette[name].main;
  };
  const slices = (Object.entries(counts) as [VisitStatus, number][])
    .filter(([, count]) => count > 0)
    .map(([status, count]) => ({ id: status, value: count, label: statusLabels[status], color: colourOf(status) }));
  return (
    <PieChart
      // The figure hides the SVG from assistive technology (its table says the same): nothing in it may take focus.
      disableKeyboardNavigation
      height={height}
      series={[{ data: slices, innerRadius: '45%', paddingAngle: 1, cornerRadius: 3, highlightScope: { fade: 'global', highlight: 'item' } }]}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
    />
  );
}
