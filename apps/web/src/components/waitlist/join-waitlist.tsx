import type { PatientSummary } from '@caredesk/shared';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { enqueueSnackbar } from '@/components/toast';
import type { VisitKind } from '@/components/visits/api/get-same-day-visits';
import { errorMessage } from '@/lib/http';
import { useJoinWaitlist } from './api/waitlist';
import { useT } from './i18n';

interface JoinWaitlistProps {
  kind: VisitKind;
  ownerId: string;
  date: string;
  /** The patient chosen in the form; until then the button waits for one. */
  patient: PatientSummary | null;
}

/**
 * Under a full day's 'No free slots' in the booking form: puts the chosen patient on that day's
 * waitlist. The server refuses (409, its words shown) when a place has freed meanwhile, when the
 * patient already waits, or the day takes no one.
 */
export function JoinWaitlist({ kind, ownerId, date, patient }: JoinWaitlistProps) {
  const t = useT();
  const hintId = useId();
  const join = useJoinWaitlist(kind);
  const [position, setPosition] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const add = () => {
    if (!patient) return;
    setRefusal(null);
    join.mutate(
      { ownerId, date, patientId: patient.id },
      {
        onSuccess: (entry) => {
          const place = t('waitlist.join.added', { position: entry.position ?? 1 });
          enqueueSnackbar(place, { variant: 'success' });
          setPosition(entry.position ?? 1);
        },
        onError: (error) => {
          const message = errorMessage(error);
          enqueueSnackbar(message, { variant: 'error' });
          setRefusal(message);
        },
      },
    );
  };

  if (position !== null) {
    return (
      <Alert severity="success" sx={{ mt: 1.5 }}>
        {t('waitlist.join.added', { position })}
      </Alert>
    );
  }
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {patient ? t('waitlist.join.hint') : `${t('waitlist.join.hint')} ${t('waitlist.join.choosePatient')}`}
      </Typography>
      <Button
        variant="outlined"
        startIcon={join.isPending ? <CircularProgress size={16} color="inherit" /> : <PlaylistAddOutlined />}
        onClick={add}
        disabled={!patient || join.isPending}
        aria-describedby={hintId}
      >
        {t('waitlist.join.add')}
      </Button>
      {refusal ? (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {refusal}
        </Alert>
      ) : null}
    </Box>
  );
}
