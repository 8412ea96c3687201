import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { useT } from '../i18n';

interface NoVisitsYetProps {
  /** Where the first visit is booked: /appointments, or /bookings for a scan centre. */
  bookPath: string;
  bookLabel: string;
}

/** A new organisation's dashboard: one friendly note in place of thirty days of flat charts. */
export function NoVisitsYet({ bookPath, bookLabel }: NoVisitsYetProps) {
  const t = useT();
  return (
    <Card variant="outlined">
      <EmptyState
        icon={<InsightsOutlined />}
        title={t('dashboard.noVisits.title')}
        description={t('dashboard.noVisits.description')}

        action={
          <Button component={RouterLink} to={bookPath} variant="contained" sx={{ mt: 1 }}>
            {bookLabel}
          </Button>
        }
      />
    </Card>
  );
}
