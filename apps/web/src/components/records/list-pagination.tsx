import TablePagination from '@mui/material/TablePagination';
import { PaginationActions } from './pagination-actions';
import { PAGE_SIZE_OPTIONS, type ListParams } from './use-list-params';
import { useT } from './i18n';

interface ListPaginationProps {
  total: number;
  list: Pick<ListParams<string, string>, 'page' | 'pageSize' | 'setPage' | 'setPageSize'>;
  /** The toolbar's side padding: lists inside a card indent it from md up. */
  indent?: boolean;
  /** The page-size select's label ('Rows' where room is short). */
  labelRowsPerPage?: string;
}

/** Paging of a list (record grids, card lists on phones, plain tables): 1-based pages in the URL. */
export function ListPagination({ total, list, indent = false, labelRowsPerPage }: ListPaginationProps) {
  const t = useT();
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, list.page - 1)}
      rowsPerPage={list.pageSize}
      rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
      labelRowsPerPage={labelRowsPerPage ?? t('records.rows')}
      labelDisplayedRows={({ from, to, count }) => (count === -1 ? t('records.displayedRowsMore', { from, to }) : t('records.displayedRows', { from, to, count }))}
      getItemAriaLabel={(type) => t(`records.page.${type}`)}
      ActionsComponent={PaginationActions}
      onPageChange={(_, next) => list.setPage(next + 1)}
      onRowsPerPageChange={(event) => list.setPageSize(Number(event.target.value))}
      sx={{ '& .MuiTablePagination-toolbar': { px: indent ? { xs: 0, md: 2 } : 0, flexWrap: 'wrap' } }}
    />
  );
}
