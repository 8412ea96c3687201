import { useState } from 'react';
import { ReasonDialog } from '@/components/reason-dialog';
import { useT } from '../i18n';

interface SkipTestDialogProps {
  /** The test skipped; null while closed. */
  test: string | null;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Skipping a test of a package needs a reason: the patient and the doctor will ask why its report is missing. */
export function SkipTestDialog({ test, pending, onConfirm, onClose }: SkipTestDialogProps) {
  const t = useT();
  // The name stays while the dialog fades out.
  const [shown, setShown] = useState(test);
  if (test !== null && test !== shown) setShown(test);
  const texts = {
    title: t('bookings.tests.skipTitle', { test: shown ?? '' }),
    body: t('bookings.tests.skipHelp'),
    reason: t('bookings.tests.skipReason'),
    reasonRequired: t('bookings.tests.skipReasonRequired'),
    keep: t('bookings.tests.keep'),
    submit: t('bookings.tests.skipSubmit'),
  };
  return <ReasonDialog open={test !== null} texts={texts} tone="warning" maxLength={300} pending={pending} onConfirm={onConfirm} onClose={onClose} />;
}
