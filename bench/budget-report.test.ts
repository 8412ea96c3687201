import { describe, expect, it } from 'vitest';
import {
  BUDGETS,
  exitCode,
  failed,
  formatValue,
  fromResults,
  informational,
  judged,
  notMeasured,
  npmTestFromResults,
  p95FromResults,
  parseMarkdownTable,
  reportTable,
  resultDate,
  withinBudget,
  withoutSql,
} from './budget-report.ts';
import { markdownTable } from './table.ts';

describe('judged', () => {
  it('meets an upper budget at the limit and exceeds it just past', () => {
    expect(judged('signInScript', 130 * 1024).verdict).toBe('met');
    expect(judged('signInScript', 130 * 1024 + 1).verdict).toBe('EXCEEDED');
  });

  it('meets a lower budget at the limit and exceeds it just under', () => {
    expect(judged('meRatio', 0.7).verdict).toBe('met');
    expect(judged('meRatio', 0.69).verdict).toBe('EXCEEDED');
    expect(judged('mobileScore', 89).verdict).toBe('EXCEEDED');
  });

  it('never lets a figure that is not a number pass', () => {
    expect(withinBudget(BUDGETS.mobileCls, Number.NaN)).toBe(false);
    expect(judged('meHelloRatio', Number.NaN).verdict).toBe('EXCEEDED');
  });

  it('prints the figure in its unit with the detail, and the budget', () => {
    expect(judged('signInScript', 287.7 * 1024, '(32 files; entry 94.0 KB)')).toEqual({
      measure: BUDGETS.signInScript.measure,
      value: '287.7 KB (32 files; entry 94.0 KB)',
      budget: '≤ 130.0 KB',
      verdict: 'EXCEEDED',
    });
    expect(judged('mobileLcp', 5005).value).toBe('5.00 s');
    expect(judged('meRatio', 0.314).budget).toBe('≥ 0.70');
  });
});

describe('formatValue', () => {
  it('writes each unit as the issue does', () => {
    expect(formatValue('KB', 1536)).toBe('1.5 KB');
    expect(formatValue('s', 812)).toBe('0.81 s');
    expect(formatValue('ms', 19.6)).toBe('20 ms');
    expect(formatValue('cls', 0.1234)).toBe('0.123');
    expect(formatValue('min', 30 * 60_000)).toBe('30.0 min');
  });
});

describe('exitCode', () => {
  it('is 0 when every measured budget is met, whatever was not measured here', () => {
    expect(exitCode([judged('fonts', 40 * 1024), notMeasured('npmTest', 'takes tens of minutes'), informational('TBT', '500 ms')])).toBe(0);
  });

  it('is 1 when one budget is exceeded', () => {
    expect(exitCode([judged('fonts', 40 * 1024), judged('desktopLcp', 1211)])).toBe(1);
  });

  it('is 1 when a measurement failed, so a broken bench does not pass', () => {
    expect(exitCode([judged('fonts', 40 * 1024), failed('meRatio', new Error('captures disagree\nstack'))])).toBe(1);
  });

  it('judges a figure from another bench like a measured one', () => {
    expect(exitCode([fromResults('bookingP95', 192, 'booking.md')])).toBe(1);
    expect(fromResults('bookingP95', 25, 'booking.md of 2026-11-20').value).toBe('25 ms (booking.md of 2026-11-20)');
  });
});

describe('withoutSql', () => {
  it('shows the figure against an empty replay without judging it: the ÷ hello row judges a route with no SQL', () => {
    const row = withoutSql('meRatio', 0.35);
    expect(row).toMatchObject({ verdict: '', budget: '≥ 0.70' });
    expect(row.value).toContain('no SQL per request');
    expect(row.value).toContain('0.35');
    expect(exitCode([row, judged('meHelloRatio', 0.28)])).toBe(0);
    expect(exitCode([row, judged('meHelloRatio', 0.17)])).toBe(1);
  });
});

describe('notMeasured and failed', () => {
  it('names the command that measures the row', () => {
    expect(notMeasured('searchP95', 'no results yet').value).toBe('not measured here (no results yet): `npm run bench:search -w @caredesk/bench`');
  });

  it("keeps only the error's first line", () => {
    expect(failed('fonts', new Error('no browser\n    at launch')).value).toBe('failed: no browser');
  });
});

describe('reportTable', () => {
  it('prints one Markdown row per measure, a pipe in a cell escaped', () => {
    const table = reportTable([judged('fonts', 80.6 * 1024, '(3 files)'), informational('a | b', 'x')]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^\| Measure\s+\| Measured\s+\| Budget\s+\| Verdict\s+\|$/);
    expect(lines[2]).toContain('| 80.6 KB (3 files) | ≤ 50.0 KB | EXCEEDED |');
    expect(lines[3]).toContain('a \\| b');
  });
});

describe('results files of the longer benches', () => {
  const file = [
    '# Booking bench, 2026-11-20T10:00:00.000Z',
    '',
    'notes',
    '',
    '| target | conns | p95 ms |',
    '|--------|------:|-------:|',
    '| POST /api/appointments (a free place each) | 10 | 192.4 |',
    '| POST /api/appointments (a free place each) | 50 | 900 |',
    '',
    'after',
  ].join('\n');

  it('reads the rows of the first table by header', () => {
    expect(parseMarkdownTable(file)).toEqual([
      { target: 'POST /api/appointments (a free place each)', conns: '10', 'p95 ms': '192.4' },
      { target: 'POST /api/appointments (a free place each)', conns: '50', 'p95 ms': '900' },
    ]);
    expect(parseMarkdownTable('no table here')).toEqual([]);
  });

  it("reads the run's date from the title", () => {
    expect(resultDate(file)).toBe('2026-11-20T10:00:00.000Z');
    expect(resultDate('# untitled')).toBeUndefined();
  });
});

describe('p95FromResults', () => {
  // As bench/patient-search.ts writes it: padded, right-aligned figures.
  const search = [
    '# Patient search bench, 2026-11-21T08:30:00.000Z',
    '',
    '2 × CPU; autocannon 50 connections, 8 s per target.',
    '',
    markdownTable(
      ['target', 'database', 'data', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'errors'],
      [
        ['DB only: count + page, 1 at a time', 'PostgreSQL', '1M, 50 orgs', '–', '20', '52', '60', '0', '0'],
        ['GET /api/patients?search=…&pageSize=25', 'PostgreSQL', '200k, 1 org', '300', '100', '400', '500', '0', '0'],
        ['GET /api/patients?search=…&pageSize=25', 'PostgreSQL', '1M, 50 orgs', '60', '700', '950.5', '1100', '0', '0'],
      ],
      3,
    ),
    '',
  ].join('\n');
  const pick = (r: Record<string, string>) => r.database === 'PostgreSQL' && r.data?.startsWith('1M') === true && r.target?.startsWith('GET /api/patients') === true;

  it("finds the row's p95 and the run's date", () => {
    expect(p95FromResults(search, pick)).toEqual({ p95: 950.5, date: '2026-11-21' });
  });

  it('finds nothing when no row matches or the p95 is not a number', () => {
    expect(p95FromResults(search, (r) => r.database === 'PGlite')).toBeUndefined();
    expect(p95FromResults(search.replace('950.5', '–'), pick)).toBeUndefined();
  });
});

describe('npmTestFromResults', () => {
  const record = (total: string, counts: string) =>
    ['# `npm test`, 2026-11-25T03:10:00.000Z', '', '2 × CPU', '', '| Phase | min |', '|---|--:|', '| build | 0.9 |', `| total | ${total} |`, '', counts, ''].join('\n');

  it("reads the total's wall time, the date and the counts", () => {
    expect(npmTestFromResults(record('15.5', '1828 passed, 0 failed'))).toEqual({ ms: 15.5 * 60_000, date: '2026-11-25', passed: 1828, failed: 0 });
  });

  it('finds nothing without a total or without the closing counts', () => {
    expect(npmTestFromResults(record('', '1828 passed, 0 failed'))).toBeUndefined();
    expect(npmTestFromResults(record('15.5', 'interrupted'))).toBeUndefined();
  });
});
