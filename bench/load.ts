import autocannon from 'autocannon';
import { percentiles, type Percentiles } from './stats.ts';

export interface LoadResult extends Percentiles {
  /** Responses per second: over the wall time of the run for `amount` runs, autocannon's per-second average otherwise. */
  requestsPerSecond: number;
  /** Responses by HTTP status. */
  statuses: Map<number, number>;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  seconds: number;
}

/**
 * Runs autocannon and keeps every response's time and status: autocannon reports p97.5 and p99
 * but no p95, and counts non-2xx without telling 409 from 500.
 */
export async function runLoad(options: autocannon.Options): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...options }, (error: Error | null, done: autocannon.Result) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, status: number, _bytes, responseTime: number) => {
      latencies.push(responseTime);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
  const seconds = result.duration;
  return {
    ...percentiles(latencies),
    requestsPerSecond: options.amount ? latencies.length / seconds : result.requests.average,
    statuses,
    non2xx: result.non2xx,
    errors: result.errors,
    seconds,
  };
}
