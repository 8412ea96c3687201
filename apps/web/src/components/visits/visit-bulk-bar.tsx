import type { BulkCancel, BulkCancelOutcome, BulkCancelResult, ChatBroadcastResult } from '@caredesk/shared';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { enqueueSnackbar } from '@/components/toast';
import { errorMessage } from '@/lib/http';
import { useMessagePatients } from './api/message-patients';
import { CancelDialog } from './cancel-dialog';
import { MessagePatientsDialog } from './message-patients-dialog';
import { statusLabels, type VisitStatus } from './visit-status';
import { t, useT } from './i18n';

/** What the bar reads of a selected visit. */
export interface BulkVisit {
  id: string;
  tokenLabel: string;
  patientId: string;
}

interface VisitBulkBarProps {
  /** 'appointment' or 'booking': how the dialogs name a visit. */
  noun: string;
  /** The visits ticked on the list's page. */
  selected: readonly BulkVisit[];
  /** The kind's bulk cancel (POST /api/appointments/bulk-cancel, /api/bookings/bulk-cancel). */
  cancel: (body: BulkCancel) => Promise<BulkCancelResult>;
  /** Untick everything: after an action, or 'Clear selection'. */
  onClear: () => void;
}

/** Why one visit was not cancelled, named by its token. */
function refusalText(outcome: Extract<BulkCancelOutcome, { outcome: 'refused' }>, token: string): string {
  if (outcome.reason === 'not-found') return t('visits.bulk.refusedNotFound', { token });
  if (outcome.reason === 'status' && outcome.status && outcome.status in statusLabels) {
    return t('visits.bulk.refusedStatus', { token, status: statusLabels[outcome.status as VisitStatus] });
  }
  return t('visits.bulk.refusedOther', { token, message: outcome.message });
}

/** The toast of a bulk cancel: how many were cancelled, and why each other one was not. */
export function cancelOutcomeText(result: BulkCancelResult, tokens: ReadonlyMap<string, string>): string {
  const reasons = result.results.flatMap((outcome) => (outcome.outcome === 'refused' ? [refusalText(outcome, tokens.get(outcome.id) ?? '?')] : []));
  if (reasons.length === 0) return t('visits.bulk.cancelled', { count: result.cancelled });
  return t('visits.bulk.cancelledSome', { cancelled: result.cancelled, refused: result.refused, reasons: reasons.join('; ') });
}

function messageOutcomeText(result: ChatBroadcastResult): string {
  return result.refused === 0 ? t('visits.bulk.sent', { count: result.sent }) : t('visits.bulk.sentSome', { sent: result.sent, refused: result.refused });
}

/**
 * The actions on the visits ticked in a list: cancel them all with one reason, or send their
 * patients one message (each patient once). The outcome is a toast; the list refreshes itself.
 */
export function VisitBulkBar({ noun, selected, cancel, onClear }: VisitBulkBarProps) {
  const t = useT();
  const [dialog, setDialog] = useState<'cancel' | 'message' | null>(null);
  const [cancelling, setCancelling] = useState(false);
  // One id per send: a retried request writes no message twice (the server keys it per chat).
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const message = useMessagePatients();
  const patientIds = [...new Set(selected.map((visit) => visit.patientId))];
  const tokens = new Map(selected.map((visit) => [visit.id, visit.tokenLabel]));
  const close = () => setDialog(null);

  const confirmCancel = async (reason: string) => {
    setCancelling(true);
    try {
      const result = await cancel({ ids: selected.map((visit) => visit.id), reason });
      enqueueSnackbar(cancelOutcomeText(result, tokens), { variant: result.refused === 0 ? 'success' : 'warning' });
      close();
      onClear();
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setCancelling(false);
    }
  };

  const send = (text: string) =>
    message.mutate(
      { patientIds, text, clientId },
      {
        onSuccess: (result) => {
          enqueueSnackbar(messageOutcomeText(result), { variant: result.refused === 0 ? 'success' : 'warning' });
          setClientId(crypto.randomUUID());
          close();
          onClear();
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );

  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={t('visits.bulk.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, py: 1, borderColor: 'primary.main' }}
    >
      <Typography sx={{ fontWeight: 600, mr: 'auto', flexBasis: { xs: '100%', sm: 'auto' } }}>{t('visits.bulk.selected', { count: selected.length })}</Typography>
      <Button variant="outlined" color="error" startIcon={<EventBusyOutlined />} onClick={() => setDialog('cancel')}>
        {t('visits.bulk.cancel')}
      </Button>
      <Button variant="outlined" startIcon={<ChatOutlined />} onClick={() => setDialog('message')}>
        {t('visits.bulk.message')}
      </Button>
      <Button color="inherit" onClick={onClear}>
        {t('visits.bulk.clear')}
      </Button>
      <CancelDialog
        open={dialog === 'cancel'}
        noun={noun}
        count={selected.length}
        subject={t('visits.bulk.tokens', { tokens: selected.map((visit) => visit.tokenLabel).join(', ') })}
        pending={cancelling}
        onConfirm={(reason) => void confirmCancel(reason)}
        onClose={close}
      />
      <MessagePatientsDialog open={dialog === 'message'} count={patientIds.length} pending={message.isPending} onSend={send} onClose={close} />
    </Paper>
  );
}
