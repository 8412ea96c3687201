// PostgreSQL's statement log (log_statement = 'all') read back into the SQL a request ran, with
// its parameters, so a bare pg server can replay exactly that (bench/budget.ts). Pure: text in,
// queries out; the bench finds the log file and the request's time window.

/** One statement as PostgreSQL logged it. */
export interface LoggedStatement {
  /** Milliseconds since the epoch, from the line's %m timestamp. */
  at: number;
  pid: number;
  database: string;
  sql: string;
  /** $1…$n as text (the protocol's text format), null for NULL; empty for simple queries. */
  params: (string | null)[];
}

/** A statement to run again: what pg's `client.query(sql, params)` takes. */
export interface ReplayQuery {
  sql: string;
  params: (string | null)[];
}

/**
 * The line prefix this parser reads: Debian's default `%m [%p] %q%u@%d `. Another prefix makes
 * `parseStatementLog` find nothing, so the bench checks `SHOW log_line_prefix` against this first.
 */
export const SUPPORTED_LOG_LINE_PREFIX = '%m [%p] %q%u@%d ';

// 2026-11-24 22:15:41.821 UTC [11461] root@caredesk_bench_1 LOG:  execute <unnamed>: select …
const LINE = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}\.\d{3}) (\S+) \[(\d+)\] (?:(\S*)@(\S*) )?([A-Z]+\d?): {2}(.*)$/;
// `statement: …` (simple protocol) or `execute <unnamed>: …`, `execute S_1/C_2: …` (extended).
const STATEMENT = /^(?:statement|execute [^:\s]+): ([\s\S]*)$/;
const PARAMETER = /\$(\d+) = (NULL|'((?:[^']|'')*)')/g;

interface Record {
  at: number;
  pid: number;
  database: string;
  severity: string;
  message: string;
}

function timestamp(date: string, time: string, zone: string): number {
  // The server writes %m in log_timezone; only UTC is read, so clocks compare without guessing.
  if (zone !== 'UTC' && zone !== 'GMT') throw new Error(`statement log in time zone ${zone}: set log_timezone = 'UTC'`);
  return Date.parse(`${date}T${time}Z`);
}

function records(text: string): Record[] {
  const out: Record[] = [];
  for (const line of text.split('\n')) {
    const match = LINE.exec(line);
    if (match) {
      const [, date, time, zone, pid, , database, severity, message] = match;
      out.push({ at: timestamp(date!, time!, zone!), pid: Number(pid), database: database ?? '', severity: severity!, message: message! });
    } else if (line.startsWith('\t') && out.length > 0) {
      // PostgreSQL indents the further lines of a multi-line message with one tab.
      out[out.length - 1]!.message += `\n${line.slice(1)}`;
    }
  }
  return out;
}

/** `parameters: $1 = 'a', $2 = NULL` into ['a', null]; a quote inside a value is doubled. */
export function parseParameters(detail: string): (string | null)[] {
  const params: (string | null)[] = [];
  for (const match of detail.matchAll(PARAMETER)) {
    const index = Number(match[1]) - 1;
    params[index] = match[2] === 'NULL' ? null : match[3]!.replaceAll("''", "'");
  }
  return Array.from(params, (value) => value ?? null);
}

/**
 * Every statement of `database` in the log text, in the order logged, each with the parameters of
 * the DETAIL line that follows it from the same backend.
 */
export function parseStatementLog(text: string, database: string): LoggedStatement[] {
  const statements: LoggedStatement[] = [];
  const lastOfPid = new Map<number, LoggedStatement>();
  for (const record of records(text)) {
    if (record.database !== database) continue;
    if (record.severity === 'LOG') {
      const match = STATEMENT.exec(record.message);
      if (!match) continue;
      const statement: LoggedStatement = { at: record.at, pid: record.pid, database, sql: match[1]!, params: [] };
      statements.push(statement);
      lastOfPid.set(record.pid, statement);
    } else if (record.severity === 'DETAIL' && record.message.startsWith('parameters: ')) {
      const statement = lastOfPid.get(record.pid);
      if (statement) statement.params = parseParameters(record.message.slice('parameters: '.length));
    }
  }
  return statements;
}

const isBegin = (sql: string) => /^\s*(begin|start transaction)\b/i.test(sql);
const isEnd = (sql: string) => /^\s*(commit|rollback|end)\b/i.test(sql);

export interface RequestStatements {
  /** What the app ran before its answer arrived: the replay. */
  replay: ReplayQuery[];
  /** What it ran in the window but finished after answering (e.g. work queued off the reply's path). */
  afterReply: ReplayQuery[];
}

/**
 * The statements one request ran, from the statements logged between `from` (just before it was
 * sent) and `to` (just after its answer was read), both in epoch ms, in the order logged.
 *
 * Work the app starts as it answers (the audit chain's drain, which under load takes many
 * requests' entries in one transaction) can finish before the client has read the answer, so the
 * window alone does not tell it apart. A transaction is taken as such work when it was still open
 * at `to`, or when it began after the request's last statement outside any transaction: a route
 * that writes in a transaction answers after its commit, and an audited one writes its audit
 * entry (outside the transaction) last. A bare server has no reason to repeat that work, and its
 * rows carry ids that can be written only once.
 */
export function statementsOfRequest(statements: readonly LoggedStatement[], from: number, to: number): RequestStatements {
  const inWindow = statements.filter((s) => s.at >= from && s.at <= to);
  // Each transaction's statements, by position in the window, and whether it ended.
  const blocks: { indexes: number[]; ended: boolean }[] = [];
  const open = new Map<number, { indexes: number[]; ended: boolean }>();
  let lastOutside = -1;
  inWindow.forEach((statement, index) => {
    const block = open.get(statement.pid);
    if (isBegin(statement.sql)) {
      const started = { indexes: [index], ended: false };
      blocks.push(started);
      open.set(statement.pid, started);
    } else if (block) {
      block.indexes.push(index);
      if (isEnd(statement.sql)) {
        block.ended = true;
        open.delete(statement.pid);
      }
    } else {
      lastOutside = index;
    }
  });
  const afterReply = new Set(blocks.filter((block) => !block.ended || block.indexes[0]! > lastOutside).flatMap((block) => block.indexes));
  const query = (s: LoggedStatement): ReplayQuery => ({ sql: s.sql, params: s.params });
  return {
    replay: inWindow.filter((_, index) => !afterReply.has(index)).map(query),
    afterReply: inWindow.filter((_, index) => afterReply.has(index)).map(query),
  };
}

/**
 * Two captures of one route ran the same statements (parameters aside), in any order: a route
 * that sends two queries at once (the notifications page and its counts) logs them as they land.
 */
export function sameStatements(a: readonly ReplayQuery[], b: readonly ReplayQuery[]): boolean {
  const sorted = (queries: readonly ReplayQuery[]) => queries.map((q) => q.sql).sort();
  const [left, right] = [sorted(a), sorted(b)];
  return left.length === right.length && left.every((sql, i) => sql === right[i]);
}
