import type { Measurement } from './scenarios.ts';

/**
 * A Markdown table: readable in a terminal and pasted as-is into notes. The first `textColumns`
 * columns are left-aligned text, the rest right-aligned figures.
 */
export function markdownTable(header: string[], rows: string[][], textColumns: number): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < textColumns ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i < textColumns ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

const header = ['target', 'database', 'req/s (avg)', 'p50 ms', 'p97.5 ms', 'p99 ms', 'errors', 'non-2xx'];

function row(m: Measurement): string[] {
  return [m.target, m.database, m.requestsPerSecond.toFixed(0), String(m.p50), String(m.p97_5), String(m.p99), String(m.errors), String(m.non2xx)];
}

export function formatTable(measurements: Measurement[]): string {
  return markdownTable(header, measurements.map(row), 2);
}
