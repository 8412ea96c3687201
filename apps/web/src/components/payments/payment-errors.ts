import { t } from './i18n';

/** The payer closed the checkout without paying: not a failure to report, just nothing happened. */
export class PaymentCancelledError extends Error {
  constructor() {
    super(t('payments.cancelled'));
    this.name = 'PaymentCancelledError';
  }
}

export function isPaymentCancelled(error: unknown): error is PaymentCancelledError {
  return error instanceof PaymentCancelledError;
}
