import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from './i18n';

interface QueueLinkProps {
  kind: 'doctors' | 'services';
  /** A doctor (scan, test) the list is narrowed to: the queue opens on theirs. */
  ownerId?: string;
}

/** 'Queue' in the Appointments (Bookings) list's header: today's token page, where the desk calls patients in. */
export function QueueLink({ kind, ownerId }: QueueLinkProps) {
  const t = useT();
  const path = kind === 'doctors' ? paths.appointmentsToken : paths.bookingsToken;
  const search = ownerId ? `?${new URLSearchParams({ [kind === 'doctors' ? 'doctor' : 'service']: ownerId }).toString()}` : '';
  return (
    <Button variant="outlined" startIcon={<ConfirmationNumberOutlined />} component={RouterLink} to={`${path}${search}`}>
      {t('queue.link')}
    </Button>
  );
}
