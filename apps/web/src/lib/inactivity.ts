/**
 * Automatic sign-out after inactivity. Activity (pointer, keys, scroll, touch) in any tab of the
 * console counts for all of them: tabs tell each other through a BroadcastChannel. Not through
 * local storage: the console keeps exactly SPEC.md's four storage keys.
 */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;
export const ACTIVITY_CHANNEL = 'caredesk-activity';
/** Activity is told to other tabs at most this often; a sign-out minutes away needs no more. */
export const BROADCAST_INTERVAL_MS = 1000;

interface ActivityMessage {
  type: 'activity';
  at: number;
}

/** The part of BroadcastChannel the tracker uses, so tests can pass their own. */
export interface ActivityChannel {
  postMessage: (message: ActivityMessage) => void;
  addEventListener: (type: 'message', listener: (event: MessageEvent<unknown>) => void) => void;
  removeEventListener: (type: 'message', listener: (event: MessageEvent<unknown>) => void) => void;
  close: () => void;
}

export interface InactivityOptions {
  /** Idle time before the sign-out. */
  timeoutMs: number;
  /** How long before the sign-out the warning shows. */
  warningMs: number;
  /** The warning starts; `deadline` is the sign-out time (ms since epoch). */
  onWarning: (deadline: number) => void;
  /** Activity (here or in another tab) after a warning: the person is back. */
  onActive: () => void;
  /** Idle for timeoutMs: sign out. Called once. */
  onTimeout: () => void;
  /** Where activity events are listened to; window by default. */
  target?: EventTarget;
  /** The channel to other tabs; a BroadcastChannel by default, none where the browser has none. */
  channel?: ActivityChannel | null;
}

export interface InactivityTracker {
  /** Counts as activity ('Stay signed in'), here and in the other tabs. */
  markActive: () => void;
  stop: () => void;
}

function isActivityMessage(data: unknown): data is ActivityMessage {
  return typeof data === 'object' && data !== null && (data as ActivityMessage).type === 'activity' && typeof (data as ActivityMessage).at === 'number';
}

function defaultChannel(): ActivityChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(ACTIVITY_CHANNEL);
}

export function startInactivityTracker(options: InactivityOptions): InactivityTracker {
  const { timeoutMs, warningMs, onWarning, onActive, onTimeout } = options;
  const target = options.target ?? window;
  const channel = options.channel === undefined ? defaultChannel() : options.channel;
  let lastActivity = Date.now();
  let lastBroadcast = 0;
  let warning = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  // One timer to the next moment that matters. Activity only moves lastActivity; the timer, when
  // it fires, checks how long the tab has really been idle (a pointermove must not re-arm timers).
  const schedule = () => {
    clearTimeout(timer);
    if (stopped) return;
    const now = Date.now();
    const signOutAt = lastActivity + timeoutMs;
    const warnAt = signOutAt - warningMs;
    if (now >= signOutAt) {
      stopped = true;
      detach();
      onTimeout();
      return;
    }
    if (now >= warnAt && !warning) {
      warning = true;
      onWarning(signOutAt);
    }
    timer = setTimeout(schedule, (warning ? signOutAt : warnAt) - now);
  };

  const activity = (at: number) => {
    if (stopped || at <= lastActivity) return;
    lastActivity = at;
    if (warning) {
      warning = false;
      onActive();
      schedule();
    }
  };

  const onLocalActivity = () => {
    const now = Date.now();
    activity(now);
    if (channel && now - lastBroadcast >= BROADCAST_INTERVAL_MS) {
      lastBroadcast = now;
      channel.postMessage({ type: 'activity', at: now });
    }
  };

  const onMessage = (event: MessageEvent<unknown>) => {
    // Another tab's clock is this machine's clock; never trust a time in the future.
    if (isActivityMessage(event.data)) activity(Math.min(event.data.at, Date.now()));
  };

  function detach() {
    clearTimeout(timer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onLocalActivity, { capture: true });
    channel?.removeEventListener('message', onMessage);
    channel?.close();
  }

  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onLocalActivity, { capture: true, passive: true });
  channel?.addEventListener('message', onMessage);
  schedule();

  return {
    markActive: () => {
      lastBroadcast = 0;
      onLocalActivity();
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      detach();
    },
  };
}
