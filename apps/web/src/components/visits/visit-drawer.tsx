import type { HistoryEntry } from '@caredesk/shared';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { VisitMessages } from '@/components/messages/visit-messages';
import { errorMessage } from '@/lib/http';
import { awaitingConfirmationOf } from './awaiting-confirmation-chip';
import { extraOf } from './extra-chip';
import { StatusChip } from './status-chip';
import { VisitHistory } from './visit-history';
import type { VisitStatus } from './visit-status';
import { useT } from './i18n';

interface VisitDrawerProps {
  open: boolean;
  onClose: () => void;
  /** 'Token 007' once loaded, else what it is ('Appointment'). */
  title: string;
  /** The visit once loaded: its status chip, messages to the patient and history frame the children. */
  visit: { id: string; status: VisitStatus; awaitingConfirmation?: boolean; overbooked?: boolean; history?: HistoryEntry[] } | undefined;
  /** The load failed. */
  error: unknown;
  /** Details and actions, between the status and the history. */
  children: ReactNode;
}

/** ?open=<id> of a visit list: the visit's details, what may be done now, its messages and its history. */
export function VisitDrawer({ open, onClose, title, visit, error, children }: VisitDrawerProps) {
  const t = useT();
  return (
    // MUI makes the temporary drawer's paper the dialog: it is named by the title.
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { 'aria-labelledby': 'visit-drawer-title', sx: { width: { xs: '100%', sm: 440 } } } }}>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <Typography id="visit-drawer-title" variant="h5" component="h2" sx={{ flex: 1 }}>
            {title}
          </Typography>
          <IconButton aria-label={t('visits.close')} onClick={onClose}>
            <Close />
          </IconButton>
        </Box>
        {error ? <Alert severity="error">{errorMessage(error)}</Alert> : null}
        {!visit && !error ? <Skeleton variant="rounded" height={240} /> : null}
        {visit ? (
          <Stack spacing={3}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <StatusChip status={visit.status} />
              {awaitingConfirmationOf(visit)}
              {extraOf(visit)}
            </Box>
            {children}
            <VisitMessages visitId={visit.id} />
            <VisitHistory history={visit.history ?? []} />
          </Stack>
        ) : null}
      </Box>
    </Drawer>
  );
}
