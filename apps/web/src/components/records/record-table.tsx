import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ListPagination } from './list-pagination';
import { cellContent, columnsMinWidth, columnTracks, type RecordColumn } from './record-column';
import type { RecordGridProps } from './record-grid';
import { selectionColumn } from './row-selection';
import { useGridFocus, type GridPosition } from './use-grid-focus';
import { useT } from './i18n';

const ROW_HEIGHT = 60;
const HEADER_HEIGHT = 56;
const SKELETON_ROWS = 5;

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** Plain text is cut with an ellipsis; rendered cells lay themselves out. */
const inCell = (content: ReactNode) =>
  typeof content === 'string' ? (
    <Box component="span" sx={ellipsis}>
      {content}
    </Box>
  ) : (
    content
  );

/**
 * The grid of records from md up: a table with the ARIA grid roles, server-side paging and
 * sorting, rows that open on click or Enter, and arrow-key movement between cells. Columns are
 * laid out as one CSS grid track list per row, so fixed and flex widths line up; when they do not
 * fit, the table scrolls sideways inside its box and the page does not.
 */
export function RecordTable<Row extends { id: string }, Sort extends string>(props: Omit<RecordGridProps<Row, Sort>, 'renderCard'>) {
  const { label, rows, total, loading, sortFields, page, pageSize, sort, order, rowHref, selection } = props;
  const columns = selection ? [selectionColumn(rows, selection), ...props.columns] : props.columns;
  const t = useT();
  const navigate = useNavigate();
  const table = useRef<HTMLTableElement>(null);

  const sortBy = (column: RecordColumn<Row>) => {
    const key = sortFields[column.field];
    if (key) props.onSortChange(key, key === sort && order === 'asc' ? 'desc' : 'asc');
  };
  const open = (row: Row | undefined) => {
    if (row && rowHref) void navigate(rowHref(row));
  };
  const focus = useGridFocus({
    table,
    rowCount: rows.length,
    colCount: columns.length,
    onActivate: (at: GridPosition) => {
      const column = columns[at.col];
      if (at.row === -1) {
        if (column) sortBy(column);
      } else open(rows[at.row]);
    },
  });

  const rowSx = { display: 'grid', gridTemplateColumns: columnTracks(columns) } as const;
  const cellSx = { display: 'flex', alignItems: 'center', minWidth: 0, overflow: 'hidden', px: 1.25, py: 0 } as const;
  const firstRowIndex = (page - 1) * pageSize + 2;

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          ref={table}
          role="grid"
          aria-label={label}
          aria-busy={loading}
          aria-rowcount={total + 1}
          aria-colcount={columns.length}
          onKeyDown={focus.onKeyDown}
          onFocus={focus.onFocus}
          sx={{ display: 'block', minWidth: columnsMinWidth(columns) }}
        >
          <TableHead role="rowgroup" sx={{ display: 'block' }}>
            <TableRow role="row" aria-rowindex={1} sx={rowSx}>
              {columns.map((column, col) => {
                const key = sortFields[column.field];
                const sorted = key !== undefined && key === sort;
                return (
                  <TableCell
                    key={column.field}
                    role="columnheader"
                    aria-colindex={col + 1}
                    aria-sort={key === undefined ? undefined : sorted ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
                    data-row={-1}
                    data-col={col}
                    tabIndex={focus.tabIndexOf({ row: -1, col })}
                    onClick={key === undefined ? undefined : () => sortBy(column)}
                    sx={{
                      ...cellSx,
                      height: HEADER_HEIGHT,
                      gap: 0.5,
                      flexDirection: column.align === 'right' ? 'row-reverse' : 'row',
                      cursor: key === undefined ? 'default' : 'pointer',
                      '& .sort-arrow': { opacity: sorted ? 1 : 0, transform: sorted && order === 'desc' ? 'rotate(180deg)' : 'none', transition: 'opacity 150ms, transform 150ms' },
                      '&:hover .sort-arrow, &:focus-visible .sort-arrow': { opacity: sorted ? 1 : 0.5 },
                    }}
                  >
                    {column.renderHeader ? (
                      column.renderHeader()
                    ) : (
                      <Box component="span" sx={ellipsis}>
                        {column.headerName}
                      </Box>
                    )}
                    {key === undefined ? null : <ArrowUpward className="sort-arrow" fontSize="small" sx={{ color: 'text.secondary' }} />}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody role="rowgroup" sx={{ display: 'block', opacity: loading && rows.length > 0 ? 0.6 : 1, transition: 'opacity 150ms' }}>
            {rows.map((row, index) => (
              <TableRow
                key={row.id}
                role="row"
                aria-rowindex={firstRowIndex + index}
                hover={Boolean(rowHref)}
                onClick={rowHref ? () => open(row) : undefined}
                sx={{ ...rowSx, cursor: rowHref ? 'pointer' : 'default', '&:last-of-type > td': { borderBottom: 0 } }}
              >
                {columns.map((column, col) => (
                  <TableCell
                    key={column.field}
                    role="gridcell"
                    aria-colindex={col + 1}
                    data-row={index}
                    data-col={col}
                    tabIndex={focus.tabIndexOf({ row: index, col })}
                    sx={{ ...cellSx, height: ROW_HEIGHT, justifyContent: column.align === 'right' ? 'flex-end' : 'flex-start' }}
                  >
                    {inCell(cellContent(column, row))}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows.length === 0 && loading
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <TableRow key={index} aria-hidden sx={rowSx}>
                    {columns.map((column) => (
                      <TableCell key={column.field} sx={{ ...cellSx, height: ROW_HEIGHT }}>
                        <Skeleton width="80%" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : null}
            {rows.length === 0 && !loading ? (
              <TableRow role="row" sx={{ display: 'block' }}>
                <TableCell role="gridcell" sx={{ ...cellSx, height: ROW_HEIGHT * 2, justifyContent: 'center', color: 'text.secondary', borderBottom: 0 }}>
                  {t('records.noRows')}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </Box>
      <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
        <ListPagination
          total={total}
          list={{ page, pageSize, setPage: props.onPageChange, setPageSize: props.onPageSizeChange }}
          labelRowsPerPage={t('records.rowsPerPage')}
          indent
        />
      </Box>
    </Box>
  );
}
