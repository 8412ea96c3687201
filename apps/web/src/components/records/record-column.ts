import type { ReactNode } from 'react';

/** One column of a RecordGrid. */
export interface RecordColumn<Row> {
  /** Names the column; the key of the grid's sortFields when the column sorts. */
  field: string;
  headerName: string;
  /** A fixed width in px (100 when neither width nor flex is given)… */
  width?: number;
  /** …or a share of the room the fixed columns leave, never narrower than minWidth (50 by default). */
  flex?: number;
  minWidth?: number;
  /** Amounts and counts line up on the right. */
  align?: 'right';
  /** What the cell shows; without it, the row's value of `field` as text. */
  render?: (row: Row) => ReactNode;
  /** What the header cell shows instead of headerName (a 'select all' checkbox). */
  renderHeader?: () => ReactNode;
}

const DEFAULT_WIDTH = 100;
const DEFAULT_MIN_WIDTH = 50;

/**
 * The CSS grid track of each column, shared by the header row and every body row so their cells
 * line up: fixed columns keep their width, flex columns share what is left.
 */
export function columnTracks(columns: readonly RecordColumn<never>[]): string {
  return columns.map((column) => (column.flex ? `minmax(${column.minWidth ?? DEFAULT_MIN_WIDTH}px, ${column.flex}fr)` : `${column.width ?? DEFAULT_WIDTH}px`)).join(' ');
}

/** The narrowest the columns fit in; below it the table scrolls sideways inside its box. */
export function columnsMinWidth(columns: readonly RecordColumn<never>[]): number {
  return columns.reduce((sum, column) => sum + (column.flex ? (column.minWidth ?? DEFAULT_MIN_WIDTH) : (column.width ?? DEFAULT_WIDTH)), 0);
}

/** A cell's content: the column's render, or the row's value of `field` as text. */
export function cellContent<Row>(column: RecordColumn<Row>, row: Row): ReactNode {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.field];
  return value === null || value === undefined ? '' : String(value as string | number);
}
