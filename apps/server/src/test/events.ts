import type { AppEvent } from '@caredesk/shared';
import type { FastifyInstance } from 'fastify';

/**
 * The first event `matches` accepts as it reaches `app` over the bus: what a test in another
 * process waits for before it looks at what that event should have changed.
 */
export function eventReaches(app: FastifyInstance, matches: (organisationId: string, event: AppEvent) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const off = app.events.subscribe((organisationId, event) => {
      if (!matches(organisationId, event)) return;
      off();
      resolve();
    });
  });
}
