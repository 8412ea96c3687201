import type { AppEvent } from '@caredesk/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMessageChanges } from './live.js';

describe('message changes to the console', () => {
  const published: [string, AppEvent][] = [];
  const events = {
    publish: (organisationId: string, event: AppEvent) => {
      published.push([organisationId, event]);
      return Promise.resolve();
    },
  };
  const log = { warn: vi.fn() };
  beforeEach(() => {
    published.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('publishes one event per organisation for a burst of changes, after the delay', async () => {
    const changes = createMessageChanges(events, log, 1000);
    for (let i = 0; i < 500; i++) changes.changed('org-a');
    changes.changed('org-b');
    expect(published).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(published).toEqual([
      ['org-a', { type: 'message.updated' }],
      ['org-b', { type: 'message.updated' }],
    ]);
    changes.changed('org-a');
    await vi.advanceTimersByTimeAsync(1000);
    expect(published).toHaveLength(3);
  });

  it('adds wallet.updated for an organisation whose messages were charged or refunded in the burst', async () => {
    const changes = createMessageChanges(events, log, 1000);
    changes.changed('org-a', { wallet: true });
    changes.changed('org-a');
    changes.changed('org-b');
    await vi.advanceTimersByTimeAsync(1000);
    expect(published).toEqual([
      ['org-a', { type: 'message.updated' }],
      ['org-a', { type: 'wallet.updated' }],
      ['org-b', { type: 'message.updated' }],
    ]);
  });

  it('publishes what is pending at once when flushed, and goes on after', async () => {
    const changes = createMessageChanges(events, log, 1000);
    changes.changed('org-a');
    await changes.flush();
    expect(published).toEqual([['org-a', { type: 'message.updated' }]]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(published).toHaveLength(1);
    changes.changed('org-a');
    await vi.advanceTimersByTimeAsync(1000);
    expect(published).toHaveLength(2);
  });

  it('publishes what is pending when stopped, and nothing after', async () => {
    const changes = createMessageChanges(events, log, 1000);
    changes.changed('org-a');
    await changes.stop();
    expect(published).toEqual([['org-a', { type: 'message.updated' }]]);
    changes.changed('org-a');
    await vi.advanceTimersByTimeAsync(5000);
    expect(published).toHaveLength(1);
  });

  it('logs a publish that failed instead of throwing', async () => {
    const changes = createMessageChanges({ publish: () => Promise.reject(new Error('bus closed')) }, log, 10);
    changes.changed('org-a');
    await vi.advanceTimersByTimeAsync(10);
    expect(log.warn).toHaveBeenCalledOnce();
  });
});
