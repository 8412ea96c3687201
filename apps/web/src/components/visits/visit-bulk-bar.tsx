import type { BulkCancel, BulkCancelResult, BulkRefusal, BulkRescheduleResult, ChatBroadcastResult } from '@caredesk/shared';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { enqueueSnackbar } from '@/components/toast';
import { errorMessage } from '@/lib/http';
import { useMessagePatients } from './api/message-patients';
import type { BulkRescheduleDialog as EagerBulkRescheduleDialog } from './bulk-reschedule-dialog';
import { CancelDialog } from './cancel-dialog';
import { MessagePatientsDialog } from './message-patients-dialog';
import type { VisitOwner, VisitOwners } from './owner-field';
import { statusLabels, type VisitStatus } from './visit-status';
import { t, useT } from './i18n';

// Its date field and owner picker are the list page's heaviest part (~20 KB gzip): they load
// when the desk first points at Reschedule, not with every list (issue #18's route budget).
const loadRescheduleDialog = () => import('./bulk-reschedule-dialog');
// lazy() drops the dialog's type parameter (the owner's type); it is the same component.
const BulkRescheduleDialog = lazy(() => loadRescheduleDialog().then((module) => ({ default: module.BulkRescheduleDialog }))) as unknown as typeof EagerBulkRescheduleDialog;

/** What the bar reads of a selected visit. */
export interface BulkVisit {
  id: string;
  tokenLabel: string;
  patientId: string;
}

interface VisitBulkBarProps<Owner extends VisitOwner> {
  /** 'appointment' or 'booking': how the dialogs name a visit. */
  noun: string;
  /** The visits ticked on the list's page. */
  selected: readonly BulkVisit[];
  /** The kind's bulk cancel (POST /api/appointments/bulk-cancel, /api/bookings/bulk-cancel). */
  cancel: (body: BulkCancel) => Promise<BulkCancelResult>;
  /** The kind's bulk reschedule (POST /api/appointments/bulk-reschedule, /api/bookings/bulk-reschedule); `ownerId` only when another was chosen. */
  reschedule: (ids: string[], date: string, ownerId: string | undefined) => Promise<BulkRescheduleResult>;
  /** Whom a bulk reschedule may move them all to (the active doctors; the scans and tests). */
  owners: VisitOwners<Owner>;
  /** Untick everything: after an action, or 'Clear selection'. */
  onClear: () => void;
}

/** Why one visit was left as it was, named by its token. */
function refusalText(outcome: BulkRefusal, token: string): string {
  if (outcome.reason === 'not-found') return t('visits.bulk.refusedNotFound', { token });
  if (outcome.reason === 'status' && outcome.status && outcome.status in statusLabels) {
    return t('visits.bulk.refusedStatus', { token, status: statusLabels[outcome.status as VisitStatus] });
  }
  return t('visits.bulk.refusedOther', { token, message: outcome.message });
}

/** Why each refused visit of a bulk action was left as it was, joined for a toast. */
function refusalsText(results: readonly ({ id: string; outcome: string } | BulkRefusal)[], tokens: ReadonlyMap<string, string>): string {
  return results.flatMap((outcome) => (outcome.outcome === 'refused' && 'reason' in outcome ? [refusalText(outcome, tokens.get(outcome.id) ?? '?')] : [])).join('; ');
}

/** The toast of a bulk cancel: how many were cancelled, and why each other one was not. */
export function cancelOutcomeText(result: BulkCancelResult, tokens: ReadonlyMap<string, string>): string {
  if (result.refused === 0) return t('visits.bulk.cancelled', { count: result.cancelled });
  return t('visits.bulk.cancelledSome', { cancelled: result.cancelled, refused: result.refused, reasons: refusalsText(result.results, tokens) });
}

/** The toast of a bulk reschedule: how many moved, and why each other one did not. */
export function rescheduleOutcomeText(result: BulkRescheduleResult, tokens: ReadonlyMap<string, string>): string {
  if (result.refused === 0) return t('visits.bulk.moved', { count: result.moved });
  return t('visits.bulk.movedSome', { moved: result.moved, refused: result.refused, reasons: refusalsText(result.results, tokens) });
}

function messageOutcomeText(result: ChatBroadcastResult): string {
  return result.refused === 0 ? t('visits.bulk.sent', { count: result.sent }) : t('visits.bulk.sentSome', { sent: result.sent, refused: result.refused });
}

/**
 * The actions on the visits ticked in a list: cancel them all with one reason, move them all to
 * another day (each at its own time), or send their patients one message (each patient once).
 * The outcome is a toast; the list refreshes itself.
 */
export function VisitBulkBar<Owner extends VisitOwner>({ noun, selected, cancel, reschedule, owners, onClear }: VisitBulkBarProps<Owner>) {
  const t = useT();
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | 'message' | null>(null);
  const [pending, setPending] = useState(false);
  // One id per send: a retried request writes no message twice (the server keys it per chat).
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const message = useMessagePatients();
  const patientIds = [...new Set(selected.map((visit) => visit.patientId))];
  const tokens = new Map(selected.map((visit) => [visit.id, visit.tokenLabel]));
  const close = () => setDialog(null);

  // A bulk cancel or reschedule: its toast says what was done; a failed request keeps the dialog and the selection for another try.
  const act = async <Result extends { refused: number }>(request: () => Promise<Result>, outcome: (result: Result) => string) => {
    setPending(true);
    try {
      const result = await request();
      enqueueSnackbar(outcome(result), { variant: result.refused === 0 ? 'success' : 'warning' });
      close();
      onClear();
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setPending(false);
    }
  };
  const ids = selected.map((visit) => visit.id);
  const confirmCancel = (reason: string) =>
    act(
      () => cancel({ ids, reason }),
      (result) => cancelOutcomeText(result, tokens),
    );
  const confirmReschedule = (date: string, ownerId: string | undefined) =>
    act(
      () => reschedule(ids, date, ownerId),
      (result) => rescheduleOutcomeText(result, tokens),
    );

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
      <Button
        variant="outlined"
        startIcon={<EventRepeatOutlined />}
        onMouseEnter={() => void loadRescheduleDialog()}
        onFocus={() => void loadRescheduleDialog()}
        onClick={() => setDialog('reschedule')}
      >
        {t('visits.bulk.reschedule')}
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
        pending={pending}
        onConfirm={(reason) => void confirmCancel(reason)}
        onClose={close}
      />
      {/* Mounted while open: each opening starts from an empty day and each visit's own owner. */}
      {dialog === 'reschedule' ? (
        <Suspense fallback={null}>
          <BulkRescheduleDialog
            open
            noun={noun}
            count={selected.length}
            subject={t('visits.bulk.tokens', { tokens: selected.map((visit) => visit.tokenLabel).join(', ') })}
            owners={owners}
            pending={pending}
            onConfirm={(date, ownerId) => void confirmReschedule(date, ownerId)}
            onClose={close}
          />
        </Suspense>
      ) : null}
      <MessagePatientsDialog open={dialog === 'message'} count={patientIds.length} pending={message.isPending} onSend={send} onClose={close} />
    </Paper>
  );
}
