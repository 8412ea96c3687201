import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startInactivityTracker, type ActivityChannel, type InactivityTracker } from './inactivity';

const MINUTE = 60_000;

/** Channels of one "browser": a message posted on one reaches every other, as BroadcastChannel does. */
function channelHub() {
  const members = new Set<EventTarget>();
  const open = (): ActivityChannel & { target: EventTarget } => {
    const target = new EventTarget();
    members.add(target);
    return {
      target,
      postMessage: (message) => {
        for (const member of members) if (member !== target) member.dispatchEvent(new MessageEvent('message', { data: message }));
      },
      addEventListener: (type, listener) => target.addEventListener(type, listener as EventListener),
      removeEventListener: (type, listener) => target.removeEventListener(type, listener as EventListener),
      close: () => members.delete(target),
    };
  };
  return { open };
}

function startTab(channel: ActivityChannel | null, target = new EventTarget()) {
  const onWarning = vi.fn<(deadline: number) => void>();
  const onActive = vi.fn();
  const onTimeout = vi.fn();
  const tracker: InactivityTracker = startInactivityTracker({ timeoutMs: 30 * MINUTE, warningMs: MINUTE, onWarning, onActive, onTimeout, target, channel });
  return { tracker, target, onWarning, onActive, onTimeout };
}

const trackers: InactivityTracker[] = [];
function tab(channel: ActivityChannel | null = null) {
  const started = startTab(channel);
  trackers.push(started.tracker);
  return started;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-02T09:00:00.000Z'));
});
afterEach(() => {
  for (const tracker of trackers.splice(0)) tracker.stop();
  vi.useRealTimers();
});

describe('automatic sign-out after inactivity', () => {
  it('warns a minute before the time is up, with the sign-out time, and signs out at the end', () => {
    const { onWarning, onTimeout } = tab();
    vi.advanceTimersByTime(29 * MINUTE - 1);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledOnce();
    expect(onWarning).toHaveBeenCalledWith(new Date('2026-03-02T09:30:00.000Z').getTime());
    vi.advanceTimersByTime(MINUTE - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it.each(['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'])('a %s starts the idle time again', (type) => {
    const { target, onWarning, onTimeout } = tab();
    vi.advanceTimersByTime(20 * MINUTE);
    target.dispatchEvent(new Event(type));
    vi.advanceTimersByTime(28 * MINUTE);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(onWarning).toHaveBeenCalledOnce();
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('activity during the warning ends it and the countdown starts over', () => {
    const { target, onWarning, onActive, onTimeout } = tab();
    vi.advanceTimersByTime(29 * MINUTE + 30_000);
    expect(onWarning).toHaveBeenCalledOnce();
    target.dispatchEvent(new Event('keydown'));
    expect(onActive).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(29 * MINUTE - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    expect(onWarning).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledTimes(2);
  });

  it("'Stay signed in' (markActive) ends the warning", () => {
    const { tracker, onActive, onTimeout } = tab();
    vi.advanceTimersByTime(29 * MINUTE + 59_000);
    tracker.markActive();
    expect(onActive).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it("another tab's activity keeps this tab signed in, and ends its warning", () => {
    const hub = channelHub();
    const first = tab(hub.open());
    const second = tab(hub.open());
    vi.advanceTimersByTime(10 * MINUTE);
    second.target.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(29 * MINUTE);
    expect(first.onTimeout).not.toHaveBeenCalled();
    expect(first.onWarning).toHaveBeenCalledOnce();
    second.tracker.markActive();
    expect(first.onActive).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(28 * MINUTE);
    expect(first.onTimeout).not.toHaveBeenCalled();
  });

  it('tells other tabs of activity at most once a second', () => {
    const hub = channelHub();
    const listener = hub.open();
    const seen = vi.fn();
    listener.addEventListener('message', seen);
    const { target } = tab(hub.open());
    for (let i = 0; i < 50; i += 1) target.dispatchEvent(new Event('pointermove'));
    expect(seen).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1000);
    target.dispatchEvent(new Event('pointermove'));
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('a tab that slept past the limit signs out as soon as it wakes', () => {
    const { onWarning, onTimeout } = tab();
    // The machine slept: the clock moved on, and the timer fires late, on waking.
    vi.setSystemTime(Date.now() + 45 * MINUTE);
    vi.runOnlyPendingTimers();
    expect(onTimeout).toHaveBeenCalledOnce();
    expect(onWarning).not.toHaveBeenCalled();
  });

  it('stops listening once stopped', () => {
    const { tracker, onWarning, onTimeout } = tab();
    tracker.stop();
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onWarning).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
