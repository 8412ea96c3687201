import { describe, expect, it } from 'vitest';
import { parseParameters, parseStatementLog, sameStatements, statementsOfRequest, type LoggedStatement } from './statement-log.ts';

const DB = 'caredesk_bench_1';
const line = (time: string, pid: number, text: string, database = DB) => `2026-11-24 22:15:${time} UTC [${pid}] root@${database} ${text}`;

describe('parseStatementLog', () => {
  it('reads extended and simple statements with the parameters of their DETAIL line', () => {
    const log = [
      line('41.821', 11461, 'LOG:  execute <unnamed>: select "id" from "staff" where "id" = $1 and "active" = $2'),
      line('41.821', 11461, "DETAIL:  parameters: $1 = 'cc2a22c5', $2 = 't'"),
      line('41.823', 11460, 'LOG:  statement: begin'),
      line('41.824', 11460, 'LOG:  execute S_1: insert into "audit_outbox" ("entity_id", "details") values ($1, $2)'),
      line('41.824', 11460, 'DETAIL:  parameters: $1 = NULL, $2 = \'{"note":"it\'\'s"}\''),
    ].join('\n');
    expect(parseStatementLog(log, DB)).toEqual([
      { at: Date.parse('2026-11-24T22:15:41.821Z'), pid: 11461, database: DB, sql: 'select "id" from "staff" where "id" = $1 and "active" = $2', params: ['cc2a22c5', 't'] },
      { at: Date.parse('2026-11-24T22:15:41.823Z'), pid: 11460, database: DB, sql: 'begin', params: [] },
      {
        at: Date.parse('2026-11-24T22:15:41.824Z'),
        pid: 11460,
        database: DB,
        sql: 'insert into "audit_outbox" ("entity_id", "details") values ($1, $2)',
        params: [null, '{"note":"it\'s"}'],
      },
    ]);
  });

  it("joins a statement's and a parameter's further lines, which PostgreSQL indents with a tab", () => {
    const log = [
      line('41.821', 7, 'LOG:  execute <unnamed>: select 1'),
      '\tfrom "patients"',
      '\twhere "name" = $1',
      line('41.821', 7, "DETAIL:  parameters: $1 = 'line one"),
      "\tline two'",
    ].join('\n');
    expect(parseStatementLog(log, DB)).toEqual([expect.objectContaining({ sql: 'select 1\nfrom "patients"\nwhere "name" = $1', params: ['line one\nline two'] })]);
  });

  it("keeps to the bench's database and skips what is not a statement", () => {
    const log = [
      line('41.000', 1, 'LOG:  execute <unnamed>: select "other"', 'someone_else'),
      line('41.000', 1, "DETAIL:  parameters: $1 = 'x'", 'someone_else'),
      line('41.001', 2, 'LOG:  connection authorized: user=root database=caredesk_bench_1'),
      line('41.002', 2, 'ERROR:  relation "nope" does not exist'),
      '2026-11-24 22:15:41.003 UTC [2210] LOG:  checkpoint starting: time',
      line('41.004', 2, 'LOG:  statement: select "mine"'),
    ].join('\n');
    expect(parseStatementLog(log, DB).map((s) => s.sql)).toEqual(['select "mine"']);
  });

  it('attaches parameters to the statement of the same backend when backends interleave', () => {
    const log = [
      line('41.000', 1, 'LOG:  execute <unnamed>: select $1'),
      line('41.000', 2, 'LOG:  execute <unnamed>: select $1, $2'),
      line('41.000', 1, "DETAIL:  parameters: $1 = 'one'"),
      line('41.000', 2, "DETAIL:  parameters: $1 = 'two', $2 = 'three'"),
    ].join('\n');
    expect(parseStatementLog(log, DB).map((s) => s.params)).toEqual([['one'], ['two', 'three']]);
  });

  it('refuses a log written in another time zone rather than misplace the window', () => {
    expect(() => parseStatementLog('2026-11-24 22:15:41.000 IST [1] root@caredesk_bench_1 LOG:  statement: select 1', DB)).toThrow(/log_timezone/);
  });
});

describe('parseParameters', () => {
  it('puts each value at its $n, NULL as null, doubled quotes undone', () => {
    expect(parseParameters("$2 = 'b', $1 = 'a, $3 = ''c''', $3 = NULL")).toEqual(["a, $3 = 'c'", 'b', null]);
  });
});

describe('statementsOfRequest', () => {
  const at = (ms: number) => Date.parse('2026-11-24T22:15:41.000Z') + ms;
  const s = (ms: number, pid: number, sql: string): LoggedStatement => ({ at: at(ms), pid, database: DB, sql, params: [] });

  it('replays what ran inside the window, in order, and not what ran before or after it', () => {
    const statements = [s(0, 1, 'select "stray"'), s(10, 1, 'select "session"'), s(12, 2, 'select "patients"'), s(13, 1, 'select count(*)'), s(30, 1, 'select "later"')];
    expect(statementsOfRequest(statements, at(5), at(20)).replay.map((q) => q.sql)).toEqual(['select "session"', 'select "patients"', 'select count(*)']);
  });

  it("keeps a route's own transaction, followed by its audit entry", () => {
    const statements = [
      s(10, 1, 'select "session"'),
      s(11, 1, 'begin'),
      s(12, 1, 'insert into "appointments"'),
      s(13, 1, 'commit'),
      s(14, 2, 'insert into "audit_outbox"'),
      s(15, 2, 'BEGIN'),
      s(15, 2, 'select "seq" from "audit_chain_heads" for update'),
      s(16, 2, 'insert into "audit_events"'),
      s(16, 2, 'COMMIT'),
    ];
    const { replay, afterReply } = statementsOfRequest(statements, at(0), at(20));
    expect(replay.map((q) => q.sql)).toEqual(['select "session"', 'begin', 'insert into "appointments"', 'commit', 'insert into "audit_outbox"']);
    expect(afterReply.map((q) => q.sql)).toEqual(['BEGIN', 'select "seq" from "audit_chain_heads" for update', 'insert into "audit_events"', 'COMMIT']);
  });

  it('leaves out a transaction still open when the answer arrived', () => {
    const statements = [s(10, 1, 'select "session"'), s(11, 2, 'begin'), s(12, 2, 'select "seq" for update'), s(13, 1, 'insert into "audit_outbox"'), s(25, 2, 'commit')];
    const { replay, afterReply } = statementsOfRequest(statements, at(0), at(20));
    expect(replay.map((q) => q.sql)).toEqual(['select "session"', 'insert into "audit_outbox"']);
    expect(afterReply.map((q) => q.sql)).toEqual(['begin', 'select "seq" for update']);
  });
});

describe('sameStatements', () => {
  it('compares the SQL, not the parameters nor the order queries sent at once landed in', () => {
    const a = [
      { sql: 'select 1', params: ['x'] },
      { sql: 'select 2', params: [] },
    ];
    expect(
      sameStatements(a, [
        { sql: 'select 1', params: ['y'] },
        { sql: 'select 2', params: [] },
      ]),
    ).toBe(true);
    expect(
      sameStatements(a, [
        { sql: 'select 2', params: [] },
        { sql: 'select 1', params: ['x'] },
      ]),
    ).toBe(true);
    expect(
      sameStatements(a, [
        { sql: 'select 1', params: [] },
        { sql: 'select 1', params: [] },
      ]),
    ).toBe(false);
    expect(sameStatements(a, a.slice(0, 1))).toBe(false);
  });
});
