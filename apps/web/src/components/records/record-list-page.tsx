import AddIcon from '@mui/icons-material/Add';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageContainer } from '@/components/page-container';
import { errorMessage } from '@/lib/http';
import { ExportCsvButton } from './export-csv-button';
import type { RecordColumn } from './record-column';
import { RecordGrid } from './record-grid';
import { SearchField } from './search-field';
import type { ListParams } from './use-list-params';
import { showsStaleRows } from './shows-stale-rows';
import { useT } from './i18n';

export interface RecordListResult<Row> {
  data?: { data: Row[]; total: number };
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
}

export interface RecordListPageProps<Row extends { id: string }, Sort extends string = string> {
  /** The page's h1 (use the account's menu title). */
  title: string;
  /** Shown on the empty state, e.g. <MedicalServicesOutlined />. */
  icon: ReactNode;
  /** The add button's text, e.g. 'Add doctor'. */
  addLabel: string;
  addHref: string;
  /** The empty state when the organisation has no records at all. */
  emptyTitle: string;
  /** Its call to action, e.g. 'Add your first doctor'. */
  emptyAction: string;
  /** From useListParams: search, filters, page and sort as kept in the URL. */
  list: Pick<ListParams<Sort, string>, 'search' | 'narrowed' | 'page' | 'pageSize' | 'sort' | 'order' | 'setSearch' | 'setPage' | 'setPageSize' | 'setSort' | 'clearFilters'>;
  /** The list query (useQuery result) for list.query. */
  result: RecordListResult<Row>;
  /** Filter selects (FilterSelect, FacilityFilter) placed after the search box. */
  filters?: ReactNode;
  /** What the search box finds, e.g. 'Name or phone'. */
  searchPlaceholder?: string;
  /** Downloads the CSV of list.exportQuery; errors are shown as a toast. */
  onExport: () => Promise<void>;
  columns: RecordColumn<Row>[];
  /** Column field -> API sort key; only these columns sort. */
  sortFields: Readonly<Record<string, Sort>>;
  rowHref: (row: Row) => string;
  renderCard: (row: Row) => ReactNode;
}

/**
 * A whole record list page: title with the add button, a toolbar (debounced search, filters,
 * Export CSV), then the grid (cards on phones), an empty state with a call to action when there
 * are no records, or 'No matches' with 'Clear filters' when the search or filters hide them all.
 */
export function RecordListPage<Row extends { id: string }, Sort extends string = string>(props: RecordListPageProps<Row, Sort>) {
  const { title, list, result } = props;
  const t = useT();
  const rows = result.data?.data ?? [];
  const total = result.data?.total ?? 0;
  const loaded = !result.isPending && !result.error;
  const empty = loaded && total === 0;
  // A page past the end (an old link, or fewer matches since): go back to the first page.
  const pastEnd = loaded && !result.isFetching && total > 0 && rows.length === 0 && list.page > 1;
  const { setPage } = list;
  useEffect(() => {
    if (pastEnd) setPage(1);
  }, [pastEnd, setPage]);

  const addButton = (
    <Button component={RouterLink} to={props.addHref} variant="contained" startIcon={<AddIcon />}>
      {props.addLabel}
    </Button>
  );

  let body: ReactNode;
  if (result.error) {
    body = <Alert severity="error">{errorMessage(result.error)}</Alert>;
  } else if (empty && !list.narrowed) {
    body = (
      <Card variant="outlined">
        <EmptyState
          icon={props.icon}
          title={props.emptyTitle}
          action={
            <Button component={RouterLink} to={props.addHref} variant="contained" startIcon={<AddIcon />} sx={{ mt: 2 }}>
              {props.emptyAction}
            </Button>
          }
        />
      </Card>
    );
  } else if (empty) {
    body = (
      <Card variant="outlined">
        <EmptyState
          icon={<SearchOffOutlined />}
          title={t('records.noMatches')}
          description={t('records.noMatchesDescription')}
          action={
            <Button onClick={list.clearFilters} variant="outlined" sx={{ mt: 2 }}>
              {t('records.clearFilters')}
            </Button>
          }
        />
      </Card>
    );
  } else {
    body = (
      <RecordGrid<Row, Sort>
        label={title}
        rows={rows}
        total={total}
        loading={showsStaleRows(result)}
        columns={props.columns}
        sortFields={props.sortFields}
        page={list.page}
        pageSize={list.pageSize}
        sort={list.sort}
        order={list.order}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        onSortChange={list.setSort}
        rowHref={props.rowHref}
        renderCard={props.renderCard}
      />
    );
  }

  return (
    <PageContainer title={title} actions={addButton}>
      <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <SearchField value={list.search} onSearch={list.setSearch} placeholder={props.searchPlaceholder} />
        {props.filters}
        <ExportCsvButton onExport={props.onExport} />
      </Box>
      {body}
    </PageContainer>
  );
}
