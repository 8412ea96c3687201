import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';
import { useT } from '../i18n';

function ChartFailed() {
  const t = useT();
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {t('dashboard.chart.failed')}
    </Typography>
  );
}

/** A chart that cannot draw (an old browser, a failed chunk) leaves its table as the way to read it. */
export class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <ChartFailed />;

    return this.props.children;
  }
}
