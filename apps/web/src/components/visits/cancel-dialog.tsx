import { ReasonDialog } from '../reason-dialog';
import { useT } from './i18n';

interface CancelDialogProps {
  open: boolean;
  /** What is cancelled: 'appointment' or 'booking'. */
  noun: string;
  /** e.g. 'Token 007 · Lakshmi Narayan'; for several, their tokens. */
  subject: string;
  /** Several visits at once (a list's bulk cancel): the title and button say how many. */
  count?: number;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Cancelling needs a reason: it is kept in the visit's history. */
export function CancelDialog({ open, noun, subject, count, pending, onConfirm, onClose }: CancelDialogProps) {
  const t = useT();
  const texts = {
    title: count === undefined ? t('visits.cancel.title', { noun }) : t('visits.bulk.cancelTitle', { noun, count }),
    body: subject,
    reason: t('visits.cancel.reason'),
    reasonRequired: t('visits.cancel.reasonRequired'),
    keep: t('visits.cancel.keep'),
    submit: count === undefined ? t('visits.cancel.submit', { noun }) : t('visits.bulk.cancelSubmit', { noun, count }),
  };
  return <ReasonDialog open={open} texts={texts} tone="error" maxLength={500} pending={pending} onConfirm={onConfirm} onClose={onClose} />;
}
