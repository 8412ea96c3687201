import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ListPagination } from './list-pagination';
import type { RecordColumn } from './record-column';
import { RecordTable } from './record-table';
import { RowCheckbox, SelectAllCheckbox, type RowSelection } from './row-selection';
import type { ListParams, SortOrder } from './use-list-params';

export interface RecordGridProps<Row extends { id: string }, Sort extends string = string> {
  /** Accessible name of the grid / card list, e.g. 'Doctors'. */
  label: string;
  rows: readonly Row[];
  /** Total records matching the filter (the API's `total`). */
  total: number;
  loading: boolean;
  columns: readonly RecordColumn<Row>[];
  /** Column field -> API sort key; columns not listed cannot be sorted. */
  sortFields: Readonly<Record<string, Sort>>;
  /** 1-based page, page size and sort, as in the URL. */
  page: number;
  pageSize: number;
  sort: Sort;
  order: SortOrder;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  onSortChange: (sort: Sort, order: SortOrder) => void;
  /** Where a row (or card) leads; without it rows are read-only (an audit entry opens nothing). */
  rowHref?: (row: Row) => string;
  /** The body of a row's card on phones (below md). */
  renderCard: (row: Row) => ReactNode;
  /** Rows can be picked with checkboxes (a first column; beside each card on phones). */
  selection?: RowSelection<Row>;
}

/** The page and sort props of a RecordGrid, read from and written to the list's URL params. */
export function gridPaging<Sort extends string>(list: Pick<ListParams<Sort, never>, 'page' | 'pageSize' | 'sort' | 'order' | 'setPage' | 'setPageSize' | 'setSort'>) {
  return {
    page: list.page,
    pageSize: list.pageSize,
    sort: list.sort,
    order: list.order,
    onPageChange: list.setPage,
    onPageSizeChange: list.setPageSize,
    onSortChange: list.setSort,
  };
}

/**
 * A server-paginated, server-sorted grid of records (RecordTable); a paginated card list on
 * screens below md, where a grid would scroll sideways.
 */
export function RecordGrid<Row extends { id: string }, Sort extends string = string>(props: RecordGridProps<Row, Sort>) {
  const { label, rows, total, loading, page, pageSize, rowHref, selection } = props;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));

  if (phone) {
    return (
      <Box>
        {selection ? (
          <FormControlLabel
            control={<SelectAllCheckbox rows={rows} selection={selection} />}
            label={selection.allLabel}
            slotProps={{ typography: { variant: 'body2' } }}
            sx={{ ml: 0.25, mb: 1 }}
          />
        ) : null}
        <Stack component="ul" aria-label={label} aria-busy={loading} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {loading && rows.length === 0
            ? Array.from({ length: 4 }, (_, index) => (
                <li key={index}>
                  <Skeleton variant="rounded" height={72} />
                </li>
              ))
            : rows.map((row) => (
                <li key={row.id}>
                  <Card variant="outlined" sx={{ opacity: loading ? 0.6 : 1, ...(selection ? { display: 'flex', alignItems: 'flex-start' } : {}) }}>
                    {selection ? (
                      <Box sx={{ pt: 1.25, pl: 0.5 }}>
                        <RowCheckbox row={row} selection={selection} />
                      </Box>
                    ) : null}
                    {rowHref ? (
                      <CardActionArea component={RouterLink} to={rowHref(row)} sx={{ p: 2, ...(selection ? { pl: 1, flex: 1, minWidth: 0 } : {}) }}>
                        {props.renderCard(row)}
                      </CardActionArea>
                    ) : (
                      <Box sx={{ p: 2, flex: 1, minWidth: 0 }}>{props.renderCard(row)}</Box>
                    )}
                  </Card>
                </li>
              ))}
        </Stack>
        <ListPagination total={total} list={{ page, pageSize, setPage: props.onPageChange, setPageSize: props.onPageSizeChange }} />
      </Box>
    );
  }

  return <RecordTable<Row, Sort> {...props} />;
}
