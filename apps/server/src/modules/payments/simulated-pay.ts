import { SIMULATED_CARDS, type PaymentVerify, type simulatedPaySchema } from '@caredesk/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { StaffContext } from '../../lib/auth.js';
import { AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import type { SimulatedGateway } from '../../lib/payments/index.js';
import { simulatedCardOutcome } from '../../lib/payments/simulated.js';
import { lockOrder, recordFailedAttempt } from './settlement.js';

export const CARD_DECLINED = 'Card declined (test card)';
const USE_A_TEST_CARD = `Use the test card ${SIMULATED_CARDS.success} to pay, or ${SIMULATED_CARDS.failure} to see a declined payment`;

/**
 * Test mode's card payment (POST /api/payments/simulated/pay): the success card answers what
 * Razorpay's checkout would hand the browser; the failure card is declined (402) and the
 * attempt kept on the order. Any other number is refused: no real card data is wanted here.
 */
export async function paySimulated(
  ctx: Pick<AppContext, 'db'>,
  gateway: SimulatedGateway,
  caller: StaffContext,
  input: z.output<typeof simulatedPaySchema>,
): Promise<PaymentVerify> {
  const outcome = simulatedCardOutcome(input.cardNumber);
  if (!outcome) throw new BadRequestError(`cardNumber: ${USE_A_TEST_CARD}`, [{ path: 'cardNumber', message: USE_A_TEST_CARD }]);
  const declined = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, caller.organisationId);
    if (!order || order.provider !== 'simulated') throw new NotFoundError('Payment order not found');
    // Every staff member may recharge the wallet (design.md §4); plan and add-on purchases stay ADMIN only.
    if (caller.role !== 'ADMIN' && order.purpose !== 'WALLET_RECHARGE') throw new ForbiddenError('Only an administrator can do this');
    if (order.status === 'PAID') throw new ConflictError('This order is already paid');
    if (outcome === 'failure') await recordFailedAttempt(tx, order, CARD_DECLINED);
    return outcome === 'failure';
  });
  if (declined) throw new AppError(402, CARD_DECLINED);
  return gateway.completePayment(input.orderId);
}
