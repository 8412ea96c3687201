import { useState } from 'react';
import { ApiError, NETWORK_ERROR } from './http';

export type TapState = 'idle' | 'busy' | 'failed' | 'offline';

/**
 * A button's one request, asked for at the tap (a report's signed link, a receipt's PDF): busy
 * while it runs, and whether a failure was the network (the app's offline text) or the server.
 */
export function useTap(action: () => Promise<void>): { state: TapState; tap: () => void } {
  const [state, setState] = useState<TapState>('idle');
  const tap = () => {
    setState('busy');
    action().then(
      () => setState('idle'),
      (error: unknown) => setState(error instanceof ApiError && error.status === NETWORK_ERROR ? 'offline' : 'failed'),
    );
  };
  return { state, tap };
}
