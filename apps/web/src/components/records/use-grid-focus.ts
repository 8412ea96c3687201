import { useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

/** A cell of the grid: row -1 is the header row. */
export interface GridPosition {
  row: number;
  col: number;
}

interface GridFocusOptions {
  table: RefObject<HTMLElement | null>;
  rowCount: number;
  colCount: number;
  /** Enter on a cell (not on a button inside it): sort by a header, open a row. */
  onActivate: (at: GridPosition) => void;
}

const cellAt = (table: HTMLElement | null, at: GridPosition) => table?.querySelector<HTMLElement>(`[data-row="${at.row}"][data-col="${at.col}"]`) ?? null;

const positionOf = (element: Element | null): GridPosition | null => {
  const cell = element instanceof HTMLElement ? element : null;
  if (!cell?.dataset.row || !cell.dataset.col) return null;
  return { row: Number(cell.dataset.row), col: Number(cell.dataset.col) };
};

/**
 * The WAI-ARIA grid pattern: the grid is one tab stop (the last focused cell), the arrow keys move
 * between cells and rows, Home/End to the row's ends, Ctrl+Home/End to the grid's corners, and
 * Enter acts on the cell. Keys pressed on a button inside a cell are left to the button.
 */
export function useGridFocus({ table, rowCount, colCount, onActivate }: GridFocusOptions) {
  const [active, setActive] = useState<GridPosition>({ row: 0, col: 0 });
  // Rows come and go with the page: keep the tab stop on a cell that exists.
  const lastRow = rowCount - 1;
  const current = { row: Math.min(active.row, lastRow), col: Math.min(active.col, colCount - 1) };

  const move = (to: GridPosition) => {
    const next = { row: Math.max(-1, Math.min(lastRow, to.row)), col: Math.max(0, Math.min(colCount - 1, to.col)) };
    setActive(next);
    cellAt(table.current, next)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const at = positionOf(event.target as Element);
    if (!at) return;
    const ctrl = event.ctrlKey || event.metaKey;
    const moves: Record<string, GridPosition | undefined> = {
      ArrowUp: { row: at.row - 1, col: at.col },
      ArrowDown: { row: at.row + 1, col: at.col },
      ArrowLeft: { row: at.row, col: at.col - 1 },
      ArrowRight: { row: at.row, col: at.col + 1 },
      Home: { row: ctrl ? -1 : at.row, col: 0 },
      End: { row: ctrl ? lastRow : at.row, col: colCount - 1 },
    };
    const to = moves[event.key];
    if (to) {
      event.preventDefault();
      move(to);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onActivate(at);
    }
  };

  // A click (or a screen reader) can focus any cell: it becomes the tab stop.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const at = positionOf(event.target);
    if (at && (at.row !== active.row || at.col !== active.col)) setActive(at);
  };

  const tabIndexOf = (at: GridPosition) => (at.row === current.row && at.col === current.col ? 0 : -1);

  return { onKeyDown, onFocus, tabIndexOf };
}
