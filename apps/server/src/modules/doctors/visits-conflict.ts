import type { ErrorBody } from '@caredesk/shared';
import { ConflictError } from '../../lib/errors.js';
import type { Text } from '../../lib/i18n/index.js';

/**
 * A 409 naming the visits in the way (a day change that would strand them, leave over booked
 * days), so the console can list them and offer what to do. The visits are named by time and
 * token, never by patient: this is an error reply (design.md §10, Privacy).
 */
export class VisitsConflictError<Visit> extends ConflictError {
  constructor(
    message: Text,
    readonly visits: Visit[],
  ) {
    super(message);
  }

  override toBody(): ErrorBody & { visits: Visit[] } {
    return { ...super.toBody(), visits: this.visits };
  }
}
