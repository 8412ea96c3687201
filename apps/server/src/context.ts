import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from './config.js';
import type { Db, Tx } from './db/client.js';
import type { StaffContext } from './lib/auth.js';
import type { EventBus } from './lib/events/bus.js';
import type { PaymentGateway } from './lib/payments/index.js';
import type { PushEndpointPolicy } from './lib/push/endpoints.js';
import type { VapidDetails } from './lib/push/vapid.js';
import type { RateLimitStore } from './lib/rate-limit.js';
import type { VisitLifecycle } from './modules/visits/index.js';
import type { ChatWriteOptions } from './modules/chats/index.js';
import type { MoneyMoved } from './modules/billing/index.js';
import type { Waitlist } from './modules/waitlist/index.js';

/** What route modules need, built once by buildApp and passed in plain sight. */
export interface AppContext {
  config: Config;
  db: Db;
  jwtKey: Uint8Array;
  rateLimitStore: RateLimitStore;
  /** Pre-handler: verifies the bearer and sets request.staff (lib/auth.ts). */
  authenticate: preHandlerAsyncHookHandler;
  /** The staff behind an access token, checked exactly as `authenticate` checks it (the WebSocket's sign-in). */
  verifyStaffToken(token: string): Promise<StaffContext>;
  /**
   * Live updates: `ctx.events.publish(organisationId, event)` after the write commits (or pass
   * the transaction as the third argument so it fires on commit). lib/events/bus.ts.
   */
  events: EventBus;
  /** The payment provider (lib/payments): Razorpay, or the simulated test gateway. */
  payments: PaymentGateway;
  /**
   * Browser push (lib/push): the VAPID keys pushes are signed with, and which endpoints may be
   * saved and sent to. Pushes themselves go out through the outbox (queuePushes in the
   * notifications' transaction), never from a request.
   */
  push: { vapid: VapidDetails; endpoints: PushEndpointPolicy };
  /**
   * The visit lifecycle (booked, rescheduled, cancelled, checked in, called, completed, report
   * ready): where features that follow a visit (messages to the patient, billing) subscribe.
   */
  visitLifecycle: VisitLifecycle;
  /** In the transaction of each new staff chat message: messages to patients owe a copy (modules/messages). */
  onStaffChatMessage?: ChatWriteOptions['onStaffMessage'];
  /** In the transaction that numbers a receipt or credit note: the patient is owed a message (modules/messages). */
  onBillingMoneyMoved?: (tx: Tx, moved: MoneyMoved) => Promise<void>;
  /** Full days' waitlists (modules/waitlist): offers of freed places, and the sweep that lets holds lapse. */
  waitlist: Waitlist;
}
