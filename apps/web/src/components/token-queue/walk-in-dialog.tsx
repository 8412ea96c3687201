import type { PatientSummary, TokenQueue } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { enqueueSnackbar } from '@/components/toast';
import { PatientStep } from '@/components/visits/patient-step';
import { VisitDialogActions } from '@/components/visits/visit-dialog-actions';
import { VisitStep } from '@/components/visits/visit-step';
import { errorMessage } from '@/lib/http';
import { useAddWalkIn } from './api';
import { useT } from './i18n';

interface WalkInDialogProps {
  queue: TokenQueue;
  open: boolean;
  onClose: () => void;
}

/**
 * 'Add walk-in' on a queue: the patient at the desk, found or added in a few fields (the booking
 * dialog's patient step), joins today's queue checked in. The server fits them in by the queue
 * rule, or as an extra when the day is full; a refusal (on leave, no hours, no extras left) is
 * shown here in its words. Full screen on phones.
 */
export function WalkInDialog({ queue, open, onClose }: WalkInDialogProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="walk-in-title">
      {open ? <WalkInContent queue={queue} onClose={onClose} /> : null}
    </Dialog>
  );
}

function WalkInContent({ queue, onClose }: Omit<WalkInDialogProps, 'open'>) {
  const t = useT();
  const add = useAddWalkIn(queue.kind);
  const [patient, setPatient] = useState<PatientSummary | null>(null);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = () => {
    if (!patient) return;
    setRefusal(null);
    add.mutate(
      { queueId: queue.id, body: { patientId: patient.id, ...(reason.trim() ? { reason: reason.trim() } : {}) } },
      {
        onSuccess: (walkIn) => {
          enqueueSnackbar(t(walkIn.overbooked ? 'queue.walkIn.addedExtra' : 'queue.walkIn.added', { token: walkIn.tokenLabel }), { variant: 'success' });
          onClose();
        },
        onError: (error) => setRefusal(errorMessage(error)),
      },
    );
  };
  return (
    <>
      <DialogTitle id="walk-in-title">{t('queue.walkIn.title', { name: queue.name })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('queue.walkIn.help')}
          </Typography>
          {refusal ? (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          ) : null}
          <VisitStep n={1} title={t('queue.walkIn.patient')}>
            <PatientStep patient={patient} onPick={setPatient} />
          </VisitStep>
          <TextField
            label={t('queue.walkIn.reason')}
            size="small"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Stack>
      </DialogContent>
      <VisitDialogActions label={t('queue.walkIn.add')} onSubmit={submit} ready={Boolean(patient)} pending={add.isPending} onClose={onClose} />
    </>
  );
}
