import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { useT } from './i18n';

interface VisitListEmptyProps {
  icon: ReactNode;
  /** 'No bookings'. */
  title: string;
  /** A search or a filter hides everything: offer to clear them rather than to book. */
  filtered: boolean;
  onClear: () => void;
  /** 'Book a scan or test'. */
  newLabel: string;
  onNew: () => void;
}

/** An empty visit list: 'Clear filters' when filters hide everything, else the way to book one. */
export function VisitListEmpty({ icon, title, filtered, onClear, newLabel, onNew }: VisitListEmptyProps) {
  const t = useT();
  return (
    <Card variant="outlined">
      <EmptyState
        icon={icon}
        title={title}
        description={filtered ? t('visits.empty.filtered') : t('visits.empty.none')}
        action={
          filtered ? (
            <Button onClick={onClear} variant="outlined" sx={{ mt: 2 }}>
              {t('visits.clearFilters')}
            </Button>
          ) : (
            <Button onClick={onNew} variant="contained" startIcon={<AddIcon />} sx={{ mt: 2 }}>
              {newLabel}
            </Button>
          )
        }
      />
    </Card>
  );
}
