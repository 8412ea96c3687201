import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { StatusChip } from '@/components/visits/status-chip';
import type { VisitRow } from '@/components/visits/visit-columns';
import { fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { errorMessage } from '@/lib/http';
import { useT } from '../i18n';

interface PatientVisitListProps<Row extends VisitRow> {
  visits: UseQueryResult<{ data: Row[] }>;
  /** The list's name: 'Appointments', 'Bookings'. */
  label: string;
  icon: ReactNode;
  empty: { title: string; description: string };
  /** The booking dialog, with this patient chosen. */
  book: { href: string; label: string };
  /** The second line: the doctor, the scan or test. */
  detail: (row: Row) => string;
}

/** A tab of the patient view: the patient's visits, newest first, and a button to book one. */
export function PatientVisitList<Row extends VisitRow>({ visits, label, icon, empty, book, detail }: PatientVisitListProps<Row>) {
  const t = useT();
  const rows = visits.data?.data ?? [];
  const bookButton = (
    <Button component={RouterLink} to={book.href} variant="contained" size="small" startIcon={<AddIcon />}>
      {book.label}
    </Button>
  );

  if (visits.isError)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {errorMessage(visits.error)}
      </Alert>
    );
  if (visits.isPending) {
    return (
      <Box sx={{ p: 2 }} aria-busy="true" aria-label={t('patients.visits.loading', { label: label.toLowerCase() })}>
        <Skeleton variant="rounded" height={56} sx={{ mb: 1 }} />
        <Skeleton variant="rounded" height={56} />
      </Box>
    );
  }
  if (rows.length === 0) {
    return <EmptyState icon={icon} title={empty.title} description={empty.description} action={<Box sx={{ mt: 2 }}>{bookButton}</Box>} />;
  }
  return (
    <Box sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>{bookButton}</Box>
      <List aria-label={label} disablePadding>
        {rows.map((row) => (
          <ListItem key={row.id} divider sx={{ px: 0, gap: 2, alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 52, textAlign: 'center' }}>
              <Typography sx={{ fontWeight: 800 }}>{row.tokenLabel}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('patients.visits.token')}
              </Typography>
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('patients.visits.when', { date: fVisitDate(row.date), time: fTimeOfDay(row.startTime) })}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {detail(row)}
              </Typography>
            </Box>
            <StatusChip status={row.status} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
