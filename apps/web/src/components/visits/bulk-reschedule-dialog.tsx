import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useOrganisationToday } from '@/lib/organisation-today';
import { OwnerField, type VisitOwner, type VisitOwners } from './owner-field';
import { VisitDateField } from './visit-date-field';
import { VisitDialogActions } from './visit-dialog-actions';
import { useT } from './i18n';

interface BulkRescheduleDialogProps<Owner extends VisitOwner> {
  open: boolean;
  /** 'appointment' or 'booking'. */
  noun: string;
  count: number;
  /** 'Tokens: 001, 002'. */
  subject: string;
  /** Whom they may all move to instead of each one's own (the active doctors; the scans and tests). */
  owners: VisitOwners<Owner>;
  pending: boolean;
  /** `ownerId` only when another was chosen. */
  onConfirm: (date: string, ownerId: string | undefined) => void;
  onClose: () => void;
}

/**
 * One new day for the ticked visits, each at its own time (and, when chosen, all with another
 * doctor, scan or test). No slot is picked: the visits keep different times, and the server says
 * which of them could not move. Full screen on phones.
 */
export function BulkRescheduleDialog<Owner extends VisitOwner>({ open, noun, count, subject, owners, pending, onConfirm, onClose }: BulkRescheduleDialogProps<Owner>) {
  const t = useT();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const today = useOrganisationToday();
  const [date, setDate] = useState('');
  const [owner, setOwner] = useState<Owner | null>(null);
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="bulk-reschedule-title">
      <DialogTitle id="bulk-reschedule-title">{t('visits.bulk.rescheduleCount', { noun, count })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {subject}
          </Typography>
          <Typography variant="body2">{t('visits.bulk.rescheduleHint')}</Typography>
          <VisitDateField label={t('visits.reschedule.newDate')} value={date} onChange={setDate} min={today} sx={{ maxWidth: 280 }} />
          <OwnerField owners={{ ...owners, label: t('visits.bulk.rescheduleOwner', { owner: owners.label }) }} value={owner} onChange={setOwner} />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('visits.bulk.rescheduleOwnerHint')}
          </Typography>
        </Stack>
      </DialogContent>
      <VisitDialogActions
        label={t('visits.bulk.rescheduleCount', { noun, count })}
        onSubmit={() => onConfirm(date, owner?.id)}
        ready={Boolean(date)}
        pending={pending}
        onClose={onClose}
      />
    </Dialog>
  );
}
