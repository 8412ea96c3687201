// Issue #18's performance budgets, in one table, and the pure logic of `npm run bench:budget`:
// a measured figure against its budget, the report's table and the exit code. bench/budget.ts
// measures; this file judges and prints.
import { markdownTable } from './table.ts';

type Unit = 'KB' | 's' | 'ms' | 'score' | 'cls' | 'ratio' | 'min';

interface Budget {
  measure: string;
  unit: Unit;
  /** The figure must stay at or under `max`, or at or over `min` (in the unit's base: bytes, ms, …). */
  max?: number;
  min?: number;
  /** How to measure it when this script does not (the longer benches). */
  command?: string;
}

/** Every budget of issue #18, the only place their limits live. Bytes, milliseconds, ratios. */
export const BUDGETS = {
  signInScript: { measure: '/sign-in: JavaScript (gzip, everything the page loads)', unit: 'KB', max: 130 * 1024 },
  largestRouteScript: { measure: 'Largest route: JavaScript (gzip)', unit: 'KB', max: 300 * 1024 },
  fonts: { measure: 'Fonts on first load of /sign-in (as sent)', unit: 'KB', max: 50 * 1024 },
  mobileScore: { measure: 'Lighthouse mobile, /sign-in: score', unit: 'score', min: 90 },
  mobileLcp: { measure: 'Lighthouse mobile, /sign-in: LCP', unit: 's', max: 2500 },
  mobileCls: { measure: 'Lighthouse mobile, /sign-in: CLS', unit: 'cls', max: 0.05 },
  desktopLcp: { measure: 'Lighthouse desktop, /sign-in: LCP', unit: 's', max: 800 },
  meRatio: { measure: 'GET /api/me ÷ its SQL replayed by bare Fastify + pg', unit: 'ratio', min: 0.7 },
  patientsRatio: { measure: 'GET /api/patients?search=ra ÷ its SQL replayed', unit: 'ratio', min: 0.7 },
  notificationsRatio: { measure: 'GET /api/notifications/all ÷ its SQL replayed', unit: 'ratio', min: 0.7 },
  meHelloRatio: { measure: 'GET /api/me ÷ bare Fastify hello route', unit: 'ratio', min: 0.2 },
  searchP95: {
    measure: 'Patient search, 1,000,000 patients, 50 organisations, PostgreSQL: p95',
    unit: 'ms',
    max: 20,
    command: 'npm run bench:search -w @caredesk/bench',
  },
  bookingP95: {
    measure: 'Book an appointment, 1,000,000 in the table, 10 connections: p95',
    unit: 'ms',
    max: 30,
    command: 'npm run bench:booking -w @caredesk/bench',
  },
  npmTest: { measure: '`npm test` on the 2-core machine', unit: 'min', max: 20 * 60_000, command: 'time npm test' },
} satisfies Record<string, Budget>;

export type BudgetKey = keyof typeof BUDGETS;

export type Verdict = 'met' | 'EXCEEDED' | 'not measured' | 'FAILED' | '';

export interface ReportRow {
  measure: string;
  value: string;
  budget: string;
  verdict: Verdict;
}

/** A figure in its unit, e.g. 133,120 bytes → '130.0 KB', 2,512 ms → '2.51 s'. */
export function formatValue(unit: Unit, value: number): string {
  switch (unit) {
    case 'KB':
      return `${(value / 1024).toFixed(1)} KB`;
    case 's':
      return `${(value / 1000).toFixed(2)} s`;
    case 'ms':
      return `${Math.round(value)} ms`;
    case 'score':
      return String(Math.round(value));
    case 'cls':
      return value.toFixed(3);
    case 'ratio':
      return value.toFixed(2);
    case 'min':
      return `${(value / 60_000).toFixed(1)} min`;
  }
}

export function formatBudget(budget: Budget): string {
  if (budget.max !== undefined) return `≤ ${formatValue(budget.unit, budget.max)}`;
  if (budget.min !== undefined) return `≥ ${formatValue(budget.unit, budget.min)}`;
  return '';
}

/** Whether `value` keeps `budget`; NaN (a measure that produced no number) never does. */
export function withinBudget(budget: Budget, value: number): boolean {
  if (Number.isNaN(value)) return false;
  if (budget.max !== undefined && value > budget.max) return false;
  if (budget.min !== undefined && value < budget.min) return false;
  return true;
}

/** A measured row: the figure (with `detail` after it), its budget and the verdict. */
export function judged(key: BudgetKey, value: number, detail = ''): ReportRow {
  const budget: Budget = BUDGETS[key];
  return {
    measure: budget.measure,
    value: `${formatValue(budget.unit, value)}${detail ? ` ${detail}` : ''}`,
    budget: formatBudget(budget),
    verdict: withinBudget(budget, value) ? 'met' : 'EXCEEDED',
  };
}

/** A figure shown for context, with no budget of its own. */
export function informational(measure: string, value: string): ReportRow {
  return { measure, value, budget: '', verdict: '' };
}

/** A row this run did not measure: why, and the command that does. */
export function notMeasured(key: BudgetKey, why: string): ReportRow {
  const budget: Budget = BUDGETS[key];
  return {
    measure: budget.measure,
    value: budget.command ? `not measured here (${why}): \`${budget.command}\`` : `not measured here (${why})`,
    budget: formatBudget(budget),
    verdict: 'not measured',
  };
}

/**
 * A route that ran no SQL per request (answered from memory): "÷ its SQL replayed" has no SQL to
 * divide by, and its replay is a bare route. Its whole cost is judged by the ÷ hello row; the
 * figure against the empty replay is shown, not judged.
 */
export function withoutSql(key: BudgetKey, ratioToEmptyReplay: number): ReportRow {
  const budget: Budget = BUDGETS[key];
  return {
    measure: budget.measure,
    value: `no SQL per request (answered from memory; judged by the ÷ bare Fastify hello row); ÷ the replay's empty route ${ratioToEmptyReplay.toFixed(2)}`,
    budget: formatBudget(budget),
    verdict: '',
  };
}

/** A row taken from another bench's results file, judged like a measured one. */
export function fromResults(key: BudgetKey, value: number, source: string): ReportRow {
  return judged(key, value, `(${source})`);
}

/** A measurement of this script that broke: the run must not look green. */
export function failed(key: BudgetKey, error: unknown): ReportRow {
  const budget: Budget = BUDGETS[key];
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);
  return { measure: budget.measure, value: `failed: ${message}`, budget: formatBudget(budget), verdict: 'FAILED' };
}

/** 1 when a budget is exceeded or a measurement failed; rows not measured here never fail the run. */
export function exitCode(rows: readonly ReportRow[]): number {
  return rows.some((row) => row.verdict === 'EXCEEDED' || row.verdict === 'FAILED') ? 1 : 0;
}

export function reportTable(rows: readonly ReportRow[]): string {
  // Pipes inside a cell would split it in Markdown.
  const cell = (text: string) => text.replaceAll('|', '\\|');
  return markdownTable(
    ['Measure', 'Measured', 'Budget', 'Verdict'],
    rows.map((row) => [row.measure, row.value, row.budget, row.verdict].map(cell)),
    4,
  );
}

/** The rows of the first Markdown table in `text`, keyed by its header cells. */
export function parseMarkdownTable(text: string): Record<string, string>[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line, i) => line.trim().startsWith('|') && /^\|[\s:|-]+\|$/.test(lines[i + 1]?.trim() ?? ''));
  if (start < 0) return [];
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
  const header = cells(lines[start]!);
  const rows: Record<string, string>[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break;
    const values = cells(line);
    rows.push(Object.fromEntries(header.map((name, i) => [name, values[i] ?? ''])));
  }
  return rows;
}

/** The ISO date of a results file's title (`# Booking bench, 2026-…Z`), or undefined. */
export function resultDate(text: string): string | undefined {
  return /^# .*?(\d{4}-\d{2}-\d{2}T[\d:.]+Z)/m.exec(text)?.[1];
}

/** The p95 (ms) of the row `pick` finds in another bench's results file, and the run's date. */
export function p95FromResults(text: string, pick: (row: Record<string, string>) => boolean): { p95: number; date: string } | undefined {
  const row = parseMarkdownTable(text).find(pick);
  const p95 = Number(row?.['p95 ms']);
  if (!row || row['p95 ms'] === '' || Number.isNaN(p95)) return undefined;
  return { p95, date: resultDate(text)?.slice(0, 10) ?? 'unknown date' };
}

/**
 * The last `npm test` from its record (scripts/test.mjs writes bench/results/npm-test.md): its
 * wall time in ms, the run's date and its counts. A run with failures is no measure of the budget.
 */
export function npmTestFromResults(text: string): { ms: number; date: string; passed: number; failed: number } | undefined {
  const total = parseMarkdownTable(text).find((row) => row.Phase === 'total');
  const minutes = Number(total?.min);
  const counts = /^(\d+) passed, (\d+) failed$/m.exec(text);
  if (!total || total.min === '' || Number.isNaN(minutes) || !counts) return undefined;
  return { ms: minutes * 60_000, date: resultDate(text)?.slice(0, 10) ?? 'unknown date', passed: Number(counts[1]), failed: Number(counts[2]) };
}
