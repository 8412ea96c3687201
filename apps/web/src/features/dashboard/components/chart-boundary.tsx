import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';

/** A chart that cannot draw (an old browser, a failed chunk) leaves its table as the way to read it. */
export class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          The chart could not be drawn; use &lsquo;Show as table&rsquo; to read its numbers.
        </Typography>
      );
    }
    return this.props.children;
  }
}
