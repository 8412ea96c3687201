import Checkbox from '@mui/material/Checkbox';
import type { MouseEvent } from 'react';
import type { RecordColumn } from './record-column';

/** Rows a grid lets the user pick with checkboxes (a list's bulk actions). */
export interface RowSelection<Row> {
  /** Ids of the rows picked on this page. */
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
  /** A row's checkbox's accessible name, e.g. 'Select token 007, Lakshmi Narayan'. */
  rowLabel: (row: Row) => string;
  /** The header checkbox's: 'Select all on this page'. */
  allLabel: string;
}

// A click on a checkbox picks the row; it must not also open it (rows open on click).
const stayInRow = (event: MouseEvent) => event.stopPropagation();

/** Ticks or unticks one row, keeping the others. */
function toggled(selected: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** 'Select all on this page': ticked when every row is, mixed when some are; a click picks all or none. */
export function SelectAllCheckbox<Row extends { id: string }>({ rows, selection }: { rows: readonly Row[]; selection: RowSelection<Row> }) {
  const count = rows.filter((row) => selection.selected.has(row.id)).length;
  const all = rows.length > 0 && count === rows.length;
  return (
    <Checkbox
      size="small"
      sx={{ p: 0.75 }}
      checked={all}
      indeterminate={count > 0 && !all}
      disabled={rows.length === 0}
      onClick={stayInRow}
      onChange={() => selection.onChange(new Set(all ? [] : rows.map((row) => row.id)))}
      slotProps={{ input: { 'aria-label': selection.allLabel } }}
    />
  );
}

/** One row's checkbox. */
export function RowCheckbox<Row extends { id: string }>({ row, selection }: { row: Row; selection: RowSelection<Row> }) {
  return (
    <Checkbox
      size="small"
      sx={{ p: 0.75 }}
      checked={selection.selected.has(row.id)}
      onClick={stayInRow}
      onChange={() => selection.onChange(toggled(selection.selected, row.id))}
      slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
    />
  );
}

/** The grid's first column when rows can be picked: a checkbox per row, 'select all' in the header. */
export function selectionColumn<Row extends { id: string }>(rows: readonly Row[], selection: RowSelection<Row>): RecordColumn<Row> {
  return {
    field: 'select',
    headerName: selection.allLabel,
    width: 56,
    renderHeader: () => <SelectAllCheckbox rows={rows} selection={selection} />,
    render: (row) => <RowCheckbox row={row} selection={selection} />,
  };
}
