export { createPaymentOrder } from './orders.js';
export { paymentRoutes, type PaymentEventHandlers } from './routes.js';
export { verifyCheckout, type AllFulfilments, type Fulfil, type Fulfilments } from './settlement.js';
