import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface StatCardProps {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  /** Where the figure comes from (the wallet's ledger, the plan page). */
  to?: string;
  tone?: 'error';
}

/** One figure of "today at a glance", a region named by its label. */
export function StatCard({ label, value, detail, to, tone }: StatCardProps) {
  const labelId = useId();
  const content = (
    <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography variant="subtitle2" component="h3" id={labelId} sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ color: tone === 'error' ? 'error.main' : 'text.primary', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      {detail ? (
        <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
          {detail}
        </Typography>
      ) : null}
    </CardContent>
  );
  return (
    <Card variant="outlined" component="section" aria-labelledby={labelId} sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
