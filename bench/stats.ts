import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './server.ts';

/** Nearest-rank percentile of an ascending array; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** One decimal, as the tables print milliseconds. */
export const round1 = (n: number): number => Math.round(n * 10) / 10;

export interface Percentiles {
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** p50/p95/p99/max (rounded to 0.1) of unsorted samples. */
export function percentiles(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50: round1(percentile(sorted, 50)),
    p95: round1(percentile(sorted, 95)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.at(-1) ?? NaN),
  };
}

/** The 1/5/15-minute load average: other work on a small machine moves every figure, so it goes with them. */
export const loadAverage = (): string =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

export const machineLine = (): string => `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`;

/** Writes bench/results/<file> (the folder is git-ignored) and says so. */
export function writeResult(file: string, text: string): void {
  const dir = join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, file), text);
  console.log(`\nwritten to bench/results/${file}`);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Fisher–Yates: bookings spread over doctors and days as a front desk's would, not one doctor at a time. */
export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
