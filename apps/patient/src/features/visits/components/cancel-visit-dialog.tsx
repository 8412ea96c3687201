import { useState } from 'react';
import { Alert } from '@/components/alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { ApiError, NETWORK_ERROR } from '@/lib/http';
import { cancelVisit } from '../api/cancel-visit';
import type { Visit } from '../visit';

interface CancelVisitDialogProps {
  visit: Visit;
  onCancelled: () => void;
  onClose: () => void;
}

/** 'Cancel this visit?': the server's refusal (too late, already called in) is shown in it. */
export function CancelVisitDialog({ visit, onCancelled, onClose }: CancelVisitDialogProps) {
  const t = useT();
  const format = useFormat();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await cancelVisit(visit);
      onCancelled();
    } catch (failure) {
      const refused = failure instanceof ApiError && failure.status !== NETWORK_ERROR && failure.message;
      setError(refused ? failure.message : failure instanceof ApiError && failure.status === NETWORK_ERROR ? t('errors.network') : t('errors.generic'));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog title={t('cancel.title')} confirmLabel={t('cancel.confirm')} cancelLabel={t('cancel.keep')} busy={busy} onConfirm={() => void confirm()} onCancel={onClose}>
      <p>{t('cancel.body', { title: visit.title, date: format.date(visit.date), time: format.time(visit.startTime), organisation: visit.organisationName })}</p>
      {error && <Alert>{error}</Alert>}
    </ConfirmDialog>
  );
}
