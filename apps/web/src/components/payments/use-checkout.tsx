import type { PaymentOrder, PaymentVerify } from '@caredesk/shared';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { PaymentCancelledError } from './payment-errors';
import { openRazorpayCheckout } from './razorpay-checkout';

// The wallet button in every page's header holds a checkout: test mode's card form
// (react-hook-form and its schema) loads when a payment opens it, not with each page.
const SimulatedCheckoutDialog = lazy(() => import('./simulated-checkout-dialog').then((module) => ({ default: module.SimulatedCheckoutDialog })));

interface OpenCheckout {
  order: PaymentOrder;
  resolve: (payment: PaymentVerify) => void;
  reject: (error: Error) => void;
}

export interface Checkout {
  /** Takes the payer through the order's provider; resolves with what the server verifies. */
  checkout: (order: PaymentOrder) => Promise<PaymentVerify>;
  /** Test mode's dialog while it is open: render it where the hook is used. */
  checkoutDialog: ReactNode;
}

/**
 * The card checkout of a server-made order, whichever provider made it: Razorpay Checkout
 * (checkout.js) or test mode's dialog. Rejects with PaymentCancelledError when the payer closes it.
 */
export function useCheckout(): Checkout {
  const [open, setOpen] = useState<OpenCheckout | null>(null);
  const openRef = useRef<OpenCheckout | null>(null);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  // Leaving the page with the dialog open cancels the payment rather than leaving it hanging.
  useEffect(() => () => openRef.current?.reject(new PaymentCancelledError()), []);

  const checkout = useCallback((order: PaymentOrder): Promise<PaymentVerify> => {
    switch (order.provider) {
      case 'razorpay':
        return openRazorpayCheckout(order);
      case 'simulated':
        return new Promise<PaymentVerify>((resolve, reject) => setOpen({ order, resolve, reject }));
    }
  }, []);

  const settle = (finish: (current: OpenCheckout) => void) => {
    if (!open) return;
    setOpen(null);
    finish(open);
  };

  const checkoutDialog = open ? (
    <Suspense fallback={null}>
      <SimulatedCheckoutDialog
        key={open.order.id}
        order={open.order}
        onPaid={(payment) => settle((current) => current.resolve(payment))}
        onFailed={(error) => settle((current) => current.reject(error))}
        onCancel={() => settle((current) => current.reject(new PaymentCancelledError()))}
      />
    </Suspense>
  ) : null;

  return { checkout, checkoutDialog };
}
