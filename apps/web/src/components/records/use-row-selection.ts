import { useState } from 'react';
import type { RowSelection } from './row-selection';

const NONE: ReadonlySet<string> = new Set();

/**
 * The rows picked on a list's page (RecordGrid's `selection`). Another page, filter or sort
 * (`resetKey`: the list's query) starts with none picked, and a row the list no longer shows is
 * no longer picked: an action applies only to rows the user can see ticked.
 */
export function useRowSelection<Row extends { id: string }>(rows: readonly Row[], resetKey: string, labels: Pick<RowSelection<Row>, 'rowLabel' | 'allLabel'>) {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: resetKey, ids: NONE });
  const picked = state.key === resetKey ? state.ids : NONE;
  const selectedRows = rows.filter((row) => picked.has(row.id));
  const selection: RowSelection<Row> = {
    ...labels,
    selected: new Set(selectedRows.map((row) => row.id)),
    onChange: (ids) => setState({ key: resetKey, ids }),
  };
  return { selection, selectedRows, clear: () => setState({ key: resetKey, ids: NONE }) };
}
