import { useState } from 'react';
import { Alert } from '@/components/alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/error-text';
import { answerWaitlist } from '../api/answer-waitlist';
import type { Entry } from '../waitlist';

interface AnswerDialogProps {
  entry: Entry;
  /** Decline the place held, or leave the line. */
  action: 'decline' | 'leave';
  onDone: (entry: Entry) => void;
  onClose: () => void;
}

/** 'Give up this place?' or 'Leave the waitlist?': asked first, as neither can be undone; a refusal is shown in it. */
export function AnswerDialog({ entry, action, onDone, onClose }: AnswerDialogProps) {
  const t = useT();
  const format = useFormat();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      onDone(await answerWaitlist(entry, action));
    } catch (failure) {
      setError(errorText(failure, '', t));
      setBusy(false);
    }
  };
  const where = { owner: entry.ownerName, date: format.date(entry.date), organisation: entry.organisation.name };
  return action === 'decline' ? (
    <ConfirmDialog
      title={t('waitlist.declineTitle')}
      confirmLabel={t('waitlist.declineConfirm')}
      cancelLabel={t('waitlist.declineKeep')}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{t('waitlist.declineBody', { ...where, time: format.time(entry.offer?.startTime ?? '00:00') })}</p>
      {error && <Alert>{error}</Alert>}
    </ConfirmDialog>
  ) : (
    <ConfirmDialog
      title={t('waitlist.leaveTitle')}
      confirmLabel={t('waitlist.leaveConfirm')}
      cancelLabel={t('waitlist.leaveKeep')}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{t('waitlist.leaveBody', where)}</p>
      {error && <Alert>{error}</Alert>}
    </ConfirmDialog>
  );
}
