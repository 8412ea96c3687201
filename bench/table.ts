import type { Measurement } from './scenarios.ts';

const header = ['target', 'database', 'req/s (avg)', 'p50 ms', 'p97.5 ms', 'p99 ms', 'errors', 'non-2xx'];

function row(m: Measurement): string[] {
  return [m.target, m.database, m.requestsPerSecond.toFixed(0), String(m.p50), String(m.p97_5), String(m.p99), String(m.errors), String(m.non2xx)];
}

/** A Markdown table: readable in a terminal and pasted as-is into notes. */
export function formatTable(measurements: Measurement[]): string {
  const rows = [header, ...measurements.map(row)];
  const widths = header.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i < 2 ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.slice(1).map(line)].join('\n');
}
