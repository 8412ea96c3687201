import type { Config } from '../../config.js';
import { TooManyRequestsError } from '../../lib/errors.js';
import { text } from '../../lib/i18n/index.js';
import type { RateLimitStore, WindowCount } from '../../lib/rate-limit.js';

export type SignInLimitConfig = Pick<Config, 'SIGN_IN_RATE_LIMIT' | 'SIGN_IN_ACCOUNT_RATE_LIMIT' | 'SIGN_IN_IP_RATE_LIMIT' | 'SIGN_IN_RATE_WINDOW_SECONDS'>;

/** The first wait once an account passes its ceiling; each further attempt doubles it, up to the window. */
const FIRST_DELAY_MS = 1000;

// A space ends the e-mail: an address cannot contain one, so one account's prefix never matches another's.
const pairPrefix = (email: string) => `sign-in:pair:${email} `;
const keysOf = (email: string, ip: string) => ({
  pair: `${pairPrefix(email)}${ip}`,
  account: `sign-in:account:${email}`,
  delay: `sign-in:delay:${email}`,
  ip: `sign-in:ip:${ip}`,
});

export interface SignInAttempt {
  /** The password was right: this source's count is cleared and the attempt counted nowhere. */
  succeeded(): Promise<void>;
}

function wait(until: WindowCount, capMs: number, now: number): TooManyRequestsError {
  // Clamped: the store's clock and this process's may differ by a few ms.
  const seconds = Math.min(Math.max(1, Math.ceil((until.resetAt.getTime() - now) / 1000)), Math.ceil(capMs / 1000));
  // In English, what signInWaitMessage (@caredesk/shared) says: seconds under a minute, else minutes.
  return new TooManyRequestsError(seconds, seconds < 60 ? text('auth.signInWaitSeconds', { seconds }) : text('auth.signInWaitMinutes', { minutes: Math.ceil(seconds / 60) }));
}

/**
 * Brute force is kept out without letting anyone lock the owner out (a lock is itself an attack):
 * - per account and source IP together: SIGN_IN_RATE_LIMIT failures, then that source waits for
 *   the window. An attacker elsewhere never touches the owner's own count.
 * - per account from everywhere: past SIGN_IN_ACCOUNT_RATE_LIMIT failures, progressive delays
 *   (one attempt per delay, doubling up to the window) rather than a lock, and never for a source
 *   the account has signed in from lately (`trustedSource`).
 * - per source IP: SIGN_IN_IP_RATE_LIMIT counts accounts tried, not attempts, and a success takes
 *   its account back, so a clinic's staff behind one NAT address are not blocked by each other.
 * Every check hits its counter before the password is checked (a burst cannot slip past a
 * read-then-write), and an attempt refused by a later check takes its earlier hits back.
 */
export async function admitSignIn(store: RateLimitStore, config: SignInLimitConfig, email: string, ip: string, trustedSource: () => Promise<boolean>): Promise<SignInAttempt> {
  const windowMs = config.SIGN_IN_RATE_WINDOW_SECONDS * 1000;
  const keys = keysOf(email, ip);
  const taken: string[] = [];
  const refuse = async (until: WindowCount, capMs: number, now: number): Promise<never> => {
    await Promise.all(taken.map((key) => store.release(key)));
    throw wait(until, capMs, now);
  };

  const pair = await store.hit(keys.pair, windowMs);
  if (pair.count > config.SIGN_IN_RATE_LIMIT) throw wait(pair, windowMs, Date.now());
  taken.push(keys.pair);

  // The first attempt at this account from this address in the window counts it on the address.
  if (pair.count === 1) {
    const source = await store.hit(keys.ip, windowMs);
    taken.push(keys.ip);
    if (source.count > config.SIGN_IN_IP_RATE_LIMIT) await refuse(source, windowMs, Date.now());
  }

  const account = await store.hit(keys.account, windowMs);
  taken.push(keys.account);
  const excess = account.count - config.SIGN_IN_ACCOUNT_RATE_LIMIT;
  if (excess > 0 && !(await trustedSource())) {
    const delayMs = Math.min(FIRST_DELAY_MS * 2 ** Math.min(excess - 1, 30), windowMs);
    const turn = await store.hit(keys.delay, delayMs);
    if (turn.count > 1) await refuse(turn, windowMs, Date.now());
  }

  return {
    async succeeded() {
      await Promise.all([store.reset(keys.pair), store.release(keys.account), ...(taken.includes(keys.ip) ? [store.release(keys.ip)] : [])]);
    },
  };
}

/** An administrator's reset path: every source's count and the account's delays cleared. */
export async function clearSignInLimits(store: RateLimitStore, email: string): Promise<void> {
  const keys = keysOf(email, '');
  await Promise.all([store.resetPrefix(pairPrefix(email)), store.reset(keys.account), store.reset(keys.delay)]);
}
